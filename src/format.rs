//! The lexicon file format: header, embedded alphabet, edge array.
//!
//! `formats/lexicon.md` specifies every byte; this module writes and reads
//! it. In short: a 64-byte little-endian header (magic `LEXGRAPH`, version,
//! kind, field widths, counts, xxh3-64 checksum of everything after the
//! header), the alphabet, then an array of edges in the style of Appel &
//! Jacobson: one fixed-width word per edge holding the tile, a *terminal* bit
//! (the path ending here is a word), a *last* bit (last sibling of its node)
//! and the index of the target node's first edge (0 = no children).
//!
//! Unlike Appel & Jacobson's 32-bit word, the widths are chosen per file:
//! just enough bits for the alphabet's tiles and for the file's edge count,
//! packed back to back. ENABLE's DAWG needs 24 bits an edge, its GADDAG 27;
//! a 4-million-word list simply gets wider targets, so no size is capped.
//! A writer may also widen the target field to make every edge 32 bits
//! ([`EdgeLayout::Aligned`]): a fifth more bytes, read with one load per
//! edge, which makes move generation faster.
//!
//! ```text
//! edge (E = T + 2 + A bits):  bits 0..T tile | bit T terminal | bit T+1 last | bits T+2..E target
//! ```
//!
//! Nodes are laid out parents first, so every valid target is greater than
//! the index of the edge that holds it. Readers enforce that on every read,
//! which is what makes traversal of an arbitrary (corrupt) file terminate
//! without a full scan at open time.

use crate::alphabet::{Alphabet, Tile, TileInfo, MAX_TILES};
#[cfg(feature = "build")]
use crate::builder::{Arena, Root};
use crate::error::Corruption;
#[cfg(feature = "build")]
use crate::error::{Error, Result};
use crate::simd;

/// First eight bytes of every lexicon file.
pub const MAGIC: [u8; 8] = *b"LEXGRAPH";
/// Major version: readers refuse any other.
pub const VERSION_MAJOR: u16 = 1;
/// Minor version: additions an older reader of the same major may ignore.
/// 1.1 adds the word-list identifier ([`FLAG_LIST_ID`]).
pub const VERSION_MINOR: u16 = 1;
/// Header byte 15 (reserved in 1.0), in a file of minor version 1 or more:
/// bit 0 says that the alphabet section holds the 8-byte word-list
/// identifier right after the fold list ([`Header::list_id`]).
pub const FLAG_LIST_ID: u8 = 1;
/// Offset of the flags byte.
pub const FLAGS_OFFSET: usize = 15;
/// Size of the fixed header.
pub const HEADER_LEN: usize = 64;
/// Zero bytes after the packed edges, so that every edge is read with one
/// unaligned 8-byte load.
pub const EDGE_PADDING: usize = 8;
/// Widest edge a reader accepts (an edge plus its bit offset fits a `u64`).
pub const MAX_EDGE_BITS: u32 = 57;

/// Which automaton a file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Appel & Jacobson's DAWG: words read left to right.
    Dawg = 1,
    /// Gordon's GADDAG: `rev(prefix) ◇ suffix` for every split of every word.
    Gaddag = 2,
}

impl Kind {
    /// `"DAWG"` or `"GADDAG"`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Dawg => "DAWG",
            Kind::Gaddag => "GADDAG",
        }
    }
    /// Conventional file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Kind::Dawg => "dawg",
            Kind::Gaddag => "gaddag",
        }
    }
}

/// The decoded fixed header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub major: u16,
    pub minor: u16,
    pub kind: Kind,
    /// Bits of an edge's tile field.
    pub tile_bits: u8,
    /// Bits of an edge's target field.
    pub target_bits: u8,
    pub words: u64,
    pub nodes: u64,
    pub edges: u64,
    pub max_word_len: u16,
    pub alphabet_len: u32,
    pub edges_offset: u64,
    pub checksum: u64,
    /// Identifier of the word list and alphabet the file was compiled from
    /// ([`crate::WordList::list_id`]), the same in a DAWG and a GADDAG
    /// compiled together; `None` in a 1.0 file. See
    /// [`crate::lexicon::check_pair`].
    pub list_id: Option<u64>,
}

impl Header {
    /// Bits per edge.
    pub fn edge_bits(&self) -> u32 {
        self.tile_bits as u32 + 2 + self.target_bits as u32
    }
    /// Bytes of the edge array, padding included.
    pub fn edge_bytes(&self) -> u64 {
        (self.edges * self.edge_bits() as u64).div_ceil(8) + EDGE_PADDING as u64
    }
}

/// One decoded edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arc {
    /// Tile (0 = GADDAG separator; also what an out-of-alphabet tile reads as).
    pub tile: Tile,
    /// The path ending with this edge is a word.
    pub terminal: bool,
    /// Last edge of its node.
    pub last: bool,
    /// First edge of the target node; 0 = the target has no edges.
    pub target: u32,
}

/// Cache lines [`Edges::prefetch`] asks for, from a node's first edge on.
///
/// Nodes are laid out depth first, each node's first child right after it
/// (`builder::topological_order`), so the bytes after a node hold the
/// subtree the search is most likely to walk next: chains of one-edge nodes
/// are common deep in a GADDAG. Asking for them at once turns a chain of
/// cache misses, each waited for in turn, into loads in parallel. Measured
/// over the stored suites (interleaved runs of `movegen_timing`): 1 line as
/// the base, 2 lines -6 %, 3 lines -8 %, 4 lines -10 % on ENABLE and -16 %
/// on SOWPODS; 6 and 8 lines no better than 4.
pub const PREFETCH_LINES: usize = 4;

/// Field widths a reader is compiled for. The widths of a file are known
/// only when it is opened; a reader built for fixed widths decodes an edge
/// with constant shifts and masks, and 32-bit edges with one aligned load.
/// Move generation decodes edges more than it does anything else, so this
/// pays: `Generator` picks the fixed reader that fits the file (and the CPU,
/// for [`Widths::AVX512`]).
pub trait Widths: Copy + Default + std::fmt::Debug + 'static {
    /// Bits of the tile field, or 0 for the file's.
    const TILE_BITS: u32;
    /// Bits of an edge, or 0 for the file's.
    const EDGE_BITS: u32;
    /// [`Edges::select`] reads 16 edges at a time with AVX-512 vector
    /// instructions. [`Edges::fixed`] makes such a view only on a CPU that
    /// has them, of a file with 5-bit tiles and edges of at most 32 bits.
    const AVX512: bool = false;
}

/// Widths as the file gives them: reads any file.
#[derive(Clone, Copy, Debug, Default)]
pub struct AnyWidths;

impl Widths for AnyWidths {
    const TILE_BITS: u32 = 0;
    const EDGE_BITS: u32 = 0;
}

/// 5-bit tiles (alphabets of up to 31 tiles: English, Spanish), packed
/// edges of any width.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tiles5;

impl Widths for Tiles5 {
    const TILE_BITS: u32 = 5;
    const EDGE_BITS: u32 = 0;
}

/// 5-bit tiles in 32-bit edges: the files of [`EdgeLayout::Aligned`] for
/// alphabets of up to 31 tiles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Aligned5;

impl Widths for Aligned5 {
    const TILE_BITS: u32 = 5;
    const EDGE_BITS: u32 = 32;
}

/// [`Tiles5`], with [`Edges::select`] on AVX-512 (see [`Widths::AVX512`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Tiles5Avx512;

impl Widths for Tiles5Avx512 {
    const TILE_BITS: u32 = 5;
    const EDGE_BITS: u32 = 0;
    const AVX512: bool = true;
}

/// [`Aligned5`], with [`Edges::select`] on AVX-512 (see [`Widths::AVX512`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Aligned5Avx512;

impl Widths for Aligned5Avx512 {
    const TILE_BITS: u32 = 5;
    const EDGE_BITS: u32 = 32;
    const AVX512: bool = true;
}

/// How the writer sizes an edge's target field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EdgeLayout {
    /// Just enough bits for the file's edge count: the smallest files.
    #[default]
    Packed,
    /// Targets widened so that every edge is 32 bits, as in Appel &
    /// Jacobson: each edge is one aligned load. About a fifth larger than
    /// packed for English lists; move generation is faster on them
    /// (`BENCHMARKS.md`, *Move generation*, for the measured gain).
    Aligned,
}

/// A read-only view of a packed edge array, safe on any bytes. `W` fixes
/// field widths at compile time ([`Widths`]); [`Edges::fixed`] makes one.
#[derive(Clone, Copy, Debug)]
pub struct Edges<'a, W: Widths = AnyWidths> {
    bytes: &'a [u8],
    len: u32,
    edge_bits: u32,
    tile_bits: u32,
    mask: u64,
    max_tile: Tile,
    widths: std::marker::PhantomData<W>,
}

impl<'a> Edges<'a> {
    /// Views `bytes` as `len` packed edges of `tile_bits + 2 + target_bits`
    /// bits. Tiles above `max_tile` read as 0.
    pub fn new(
        bytes: &'a [u8],
        len: u32,
        tile_bits: u32,
        target_bits: u32,
        max_tile: Tile,
    ) -> Edges<'a> {
        let edge_bits = tile_bits + 2 + target_bits;
        // Keep only the edges that can be read as 8 bytes at byte
        // `i * edge_bits / 8` (a file's padding provides the slack): every
        // edge read relies on it, unchecked.
        let fit = if bytes.len() < 8 {
            0
        } else {
            // The largest `i` with `i * edge_bits / 8 + 8 <= bytes.len()`, plus one.
            ((bytes.len() as u64 - 7) * 8 - 1) / edge_bits as u64 + 1
        };
        let len = len.min(fit.min(u32::MAX as u64) as u32);
        Edges {
            bytes,
            len,
            edge_bits,
            tile_bits,
            mask: if edge_bits >= 64 {
                u64::MAX
            } else {
                (1u64 << edge_bits) - 1
            },
            max_tile,
            widths: std::marker::PhantomData,
        }
    }

    /// This view with widths `W` fixed, if they are the file's (and, for
    /// [`Widths::AVX512`], if the CPU and the file allow it).
    pub fn fixed<W: Widths>(self) -> Option<Edges<'a, W>> {
        let fits = (W::TILE_BITS == 0 || W::TILE_BITS == self.tile_bits)
            && (W::EDGE_BITS == 0 || W::EDGE_BITS == self.edge_bits)
            && (!W::AVX512 || (self.tile_bits == 5 && self.edge_bits <= 32 && simd::available()));
        fits.then_some(Edges {
            bytes: self.bytes,
            len: self.len,
            edge_bits: self.edge_bits,
            tile_bits: self.tile_bits,
            mask: self.mask,
            max_tile: self.max_tile,
            widths: std::marker::PhantomData,
        })
    }
}

impl<'a, W: Widths> Edges<'a, W> {
    /// Bits per edge: fixed, or the file's.
    #[inline(always)]
    fn eb(&self) -> usize {
        if W::EDGE_BITS != 0 {
            W::EDGE_BITS as usize
        } else {
            self.edge_bits as usize
        }
    }

    /// Bits of the tile field: fixed, or the file's.
    #[inline(always)]
    fn tb(&self) -> u32 {
        if W::TILE_BITS != 0 {
            W::TILE_BITS
        } else {
            self.tile_bits
        }
    }

    /// Mask of an edge's bits.
    #[inline(always)]
    fn edge_mask(&self) -> u64 {
        match W::EDGE_BITS {
            0 => self.mask,
            64.. => u64::MAX,
            b => (1u64 << b) - 1,
        }
    }

    /// Number of edges.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True if there are no edges.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Raw edge `i` (right-aligned), if in range.
    #[inline]
    pub fn raw(&self, i: u32) -> Option<u64> {
        if i >= self.len {
            return None;
        }
        let bit = i as usize * self.eb();
        let at = bit >> 3;
        let chunk: [u8; 8] = self.bytes.get(at..at + 8)?.try_into().ok()?;
        Some(u64::from_le_bytes(chunk) >> (bit & 7) & self.edge_mask())
    }

    /// Edge `i`, decoded defensively: a target that does not point forward and
    /// inside the array reads as 0 (no children), a tile outside the alphabet
    /// reads as 0. `None` past the end.
    #[inline]
    pub fn arc(&self, i: u32) -> Option<Arc> {
        (i < self.len).then(|| {
            let mut a = self.arc_at(i, 0);
            if a.tile > self.max_tile {
                a.tile = 0;
            }
            a
        })
    }

    /// Calls `f` on each edge of node `first` whose tile is in `tiles` (a
    /// bitset), in tile order, until `f` returns false. The same scan as
    /// [`Edges::select`], with `f` inlined into it: for the DAWG search this
    /// measured faster than the scalar select-then-visit. Edges with other
    /// tiles are skipped after decoding only their tile, and the scan stops
    /// past the highest wanted tile: the inner loop of move generation.
    /// With [`Widths::AVX512`] it is the vector select, then the visit
    /// (about a fifth less time for the DAWG search).
    #[inline(always)]
    pub fn for_each_in(&self, first: u32, tiles: u64, mut f: impl FnMut(Arc) -> bool) {
        if tiles == 0 {
            return;
        }
        if W::AVX512 {
            // The vector scan, then a visit of what it found (a node of
            // more than 64 edges, only in a corrupt file, is cut there).
            let mut hits = self.select(first, tiles);
            while hits != 0 {
                let k = hits.trailing_zeros();
                hits &= hits - 1;
                if !f(self.arc_at(first, k)) {
                    return;
                }
            }
            return;
        }
        let highest = 63 - tiles.leading_zeros() as u64;
        let eb = self.eb();
        let tb = self.tb();
        let tile_mask = (1u64 << tb) - 1;
        let last_bit = 1u64 << (tb + 1);
        let len = self.len as u64;
        let mut i = first as u64;
        let mut bit = first as usize * eb;
        while i < len {
            let raw = self.load(bit);
            let tile = raw & tile_mask;
            if tile > highest {
                return; // siblings are sorted
            }
            if tiles >> tile & 1 != 0 {
                let t = (raw & self.edge_mask()) >> (tb + 2);
                let arc = Arc {
                    tile: tile as Tile,
                    terminal: raw >> tb & 1 != 0,
                    last: raw & last_bit != 0,
                    target: if t > i && t < len { t as u32 } else { 0 },
                };
                if !f(arc) {
                    return;
                }
            }
            if raw & last_bit != 0 {
                return;
            }
            i += 1;
            bit += eb;
        }
    }

    /// Raw bits of the edge at bit offset `bit` (`i * edge_bits` for edge
    /// `i`), unmasked above the edge. Callers keep `i < len`.
    #[inline(always)]
    fn load(&self, bit: usize) -> u64 {
        let at = bit >> 3;
        debug_assert!(at + 8 <= self.bytes.len());
        if W::EDGE_BITS == 32 {
            // A 32-bit edge starts on a byte boundary and is all in 4 bytes.
            // SAFETY: as below; 4 bytes are fewer than the 8 `new` keeps
            // room for. `fixed` makes this view only of 32-bit files; tested
            // by `fixed_widths_read_as_any` on short buffers.
            let word = unsafe { self.bytes.as_ptr().add(at).cast::<u32>().read_unaligned() };
            return u32::from_le(word) as u64;
        }
        // SAFETY: `new` caps `len` so that for every edge `i < len` the 8
        // bytes at `i * edge_bits / 8` lie inside `bytes`, and every caller
        // checks `i < len` first. Tested by `edges_past_the_bytes_are_cut`
        // and the corrupt-file tests, which read every edge of short buffers.
        let word = unsafe { self.bytes.as_ptr().add(at).cast::<u64>().read_unaligned() };
        u64::from_le(word) >> (bit & 7)
    }

    /// The edges of node `first` whose tile is in `tiles`, as a bitset of
    /// offsets from `first` (bit `k`: edge `first + k`), to be read with
    /// [`Edges::arc_at`]. Move generation scans a node this way and only
    /// then recurses: the scan stays a tight loop, and the recursion carries
    /// one word of state per node instead of the whole scan.
    ///
    /// Siblings are sorted by tile, so the scan stops past the highest wanted
    /// tile; a node has at most 64 edges (a corrupt longer one is cut there).
    #[inline(always)]
    pub fn select(&self, first: u32, tiles: u64) -> u64 {
        if tiles == 0 {
            return 0;
        }
        #[cfg(target_arch = "x86_64")]
        if W::AVX512 {
            // SAFETY: a view with `W::AVX512` is made only by `fixed`, which
            // checked that the CPU has the instructions `select16` is
            // compiled for, and that edges are at most 32 bits with 5-bit
            // tiles; `new` cut `len` so that 8 bytes can be read at every
            // edge. Run by every move generation test on such a CPU, and
            // compared with the scalar scan by `avx512_select_matches_the_scan`
            // (up to a page the process may not read, by
            // `avx512_select_stays_in_the_array`).
            return unsafe { simd::select16(self.bytes, self.len, self.eb() as u32, first, tiles) };
        }
        let highest = 63 - tiles.leading_zeros() as u64;
        let eb = self.eb();
        let tile_mask = (1u64 << self.tb()) - 1;
        let last_bit = 1u64 << (self.tb() + 1);
        let first = first as u64;
        let end = (self.len as u64).min(first + 64);
        let mut hits = 0u64;
        let mut i = first;
        let mut bit = first as usize * eb;
        while i < end {
            let raw = self.load(bit);
            let tile = raw & tile_mask;
            if tile > highest {
                break;
            }
            hits |= (tiles >> tile & 1) << (i - first);
            if raw & last_bit != 0 {
                break;
            }
            i += 1;
            bit += eb;
        }
        hits
    }

    /// Edge `first + k` of a node, as found by [`Edges::select`]. A target
    /// that does not point forward inside the array reads as 0; past the
    /// array the edge reads as an empty last edge. Tiles are as stored (see
    /// [`Edges::arc`] for the clamped view).
    #[inline(always)]
    pub fn arc_at(&self, first: u32, k: u32) -> Arc {
        let i = first as u64 + k as u64;
        if i >= self.len as u64 {
            return Arc {
                tile: 0,
                terminal: false,
                last: true,
                target: 0,
            };
        }
        let raw = self.load(i as usize * self.eb()) & self.edge_mask();
        let tb = self.tb();
        let t = raw >> (tb + 2);
        Arc {
            tile: (raw & ((1 << tb) - 1)) as Tile,
            terminal: raw >> tb & 1 != 0,
            last: raw >> (tb + 1) & 1 != 0,
            target: if t > i && t < self.len as u64 {
                t as u32
            } else {
                0
            },
        }
    }

    /// Starts loading node `first`'s edges into the cache, with the
    /// [`PREFETCH_LINES`] cache lines from there on. Move generation waits
    /// on these loads more than on anything else (a node's edges lie
    /// anywhere in a file of megabytes), so it asks for the nodes it is
    /// about to visit while it works on the one before.
    #[inline(always)]
    pub fn prefetch(&self, first: u32) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let at = (first as usize * self.eb()) >> 3;
            let p = self.bytes.as_ptr().wrapping_add(at) as *const i8;
            for line in 0..PREFETCH_LINES {
                // SAFETY: a prefetch is only a hint: it cannot fault and
                // reads nothing into the program, whatever the address; SSE,
                // which provides it, is part of the x86_64 baseline.
                // Exercised by every GADDAG move generation test, and with
                // wild addresses by `edges_past_the_bytes_are_cut`.
                unsafe { _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(64 * line)) }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = first;
    }

    /// The separator edge of node `first` (GADDAG): tile 0 sorts first, so
    /// it is the first edge if there is one.
    #[inline(always)]
    pub fn separator(&self, first: u32) -> Option<Arc> {
        if first == 0 || first >= self.len {
            return None;
        }
        let raw = self.load(first as usize * self.eb());
        (raw & ((1 << self.tb()) - 1) == 0).then(|| self.arc_at(first, 0))
    }

    /// Iterates the edges of the node whose first edge is `first` (the root
    /// is node 0; an arc's `target` of 0 means "no node", so check it first).
    #[inline]
    pub fn children(&self, first: u32) -> Children<'a, W> {
        Children {
            edges: *self,
            next: first,
            done: false,
        }
    }

    /// Follows the edge labelled `tile` from node `first`.
    #[inline]
    pub fn child(&self, first: u32, tile: Tile) -> Option<Arc> {
        let mut found = None;
        if (tile as usize) < 64 {
            self.for_each_in(first, 1 << tile, |a| {
                found = Some(a);
                false
            });
        }
        found
    }

    /// [`Edges::select`] on node `first`, through its index if given.
    #[inline(always)]
    pub fn select_ix(&self, ix: Option<&NodeIndex>, first: u32, tiles: u64) -> u64 {
        match ix {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `W::AVX512` views exist only on CPUs with BMI2
            // (`Edges::fixed` checks). Run by every move generation test on
            // such a CPU; `node_index_matches_the_scan` compares the two.
            Some(ix) if W::AVX512 => unsafe { ix.select_bmi2(tiles) },
            Some(ix) => ix.select(tiles),
            None => self.select(first, tiles),
        }
    }

    /// [`Edges::child`] of node `first`, through its index if given.
    #[inline(always)]
    pub fn child_ix(&self, ix: Option<&NodeIndex>, first: u32, tile: Tile) -> Option<Arc> {
        match ix {
            Some(ix) => ix.child(self, first, tile),
            None => self.child(first, tile),
        }
    }
}

/// Where each tile's edge lies in one node: a lookup instead of a scan.
///
/// A node's edges are sorted by tile, so finding the wanted ones means
/// reading edges until past the highest wanted tile. For the few widest,
/// busiest nodes (see [`TopIndex`]) an index answers at once.
///
/// ```
/// use lexgraph::format::NodeIndex;
/// use lexgraph::{compile, Alphabet, Lexicon, WordList};
///
/// let words = WordList::parse(b"at\nto\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
/// let dawg = Lexicon::from_vec(compile::compile(&words).dawg)?;
/// let e = dawg.edges();
/// let root = NodeIndex::new(&e, 0);
/// let t = dawg.alphabet().tile_by_label("T").unwrap();
/// assert_eq!(root.child(&e, 0, t), e.child(0, t));
/// # Ok::<(), lexgraph::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct NodeIndex {
    /// Bit `t` set when the node has an edge with tile `t`.
    tiles: u64,
    /// Offset of tile `t`'s edge from the node's first edge.
    off: [u8; 64],
    /// Each tile's offset is its rank among the node's tiles (its edges are
    /// sorted and distinct, as in every valid file), so a selection is the
    /// wanted bits of `tiles`, packed: one `pext` instruction.
    ranked: bool,
}

impl NodeIndex {
    /// An index of no edges (a node 0 that is not the root: no children).
    pub const EMPTY: NodeIndex = NodeIndex {
        tiles: 0,
        off: [0; 64],
        ranked: true,
    };

    /// Indexes node `first` of `e`. On a corrupt file (tiles out of order
    /// or repeated) the first edge of each tile counts; lookups stay in
    /// bounds.
    pub fn new<W: Widths>(e: &Edges<'_, W>, first: u32) -> NodeIndex {
        let mut r = NodeIndex::EMPTY;
        let room = (e.len as u64).saturating_sub(first as u64).min(64) as u32;
        for k in 0..room {
            let a = e.arc_at(first, k);
            let t = a.tile as usize & 63;
            if r.tiles >> t & 1 == 0 {
                r.tiles |= 1 << t;
                r.off[t] = k as u8;
            }
            if a.last {
                break;
            }
        }
        let mut rank = 0;
        let mut bits = r.tiles;
        while bits != 0 {
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            r.ranked &= r.off[t] == rank;
            rank += 1;
        }
        r
    }

    /// [`NodeIndex::select`], with `pext` where the offsets are ranks.
    ///
    /// # Safety
    /// The CPU must have BMI2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    #[inline]
    unsafe fn select_bmi2(&self, tiles: u64) -> u64 {
        if self.ranked {
            std::arch::x86_64::_pext_u64(tiles, self.tiles)
        } else {
            self.select(tiles)
        }
    }

    /// The node's edges whose tile is in `tiles`, as [`Edges::select`] gives
    /// them: a bitset of offsets from the node's first edge.
    #[inline(always)]
    pub fn select(&self, tiles: u64) -> u64 {
        let mut want = tiles & self.tiles;
        let mut hits = 0u64;
        while want != 0 {
            let t = want.trailing_zeros() as usize;
            want &= want - 1;
            hits |= 1 << (self.off[t] & 63);
        }
        hits
    }

    /// The edge for `tile` of node `first` (the node this indexes).
    #[inline(always)]
    pub fn child<W: Widths>(&self, e: &Edges<'_, W>, first: u32, tile: Tile) -> Option<Arc> {
        let t = tile as usize;
        (t < 64 && self.tiles >> t & 1 != 0).then(|| e.arc_at(first, self.off[t] as u32))
    }
}

/// Indexes of the nodes every search starts from: the root and, for each
/// tile, the root's child for it and (GADDAG) that child's separator target.
///
/// These are the widest nodes (in a GADDAG, about one edge per letter) and
/// the most visited: every anchor's search and every cross-check walk
/// starts at the root and goes through one of them. Built on first use from
/// about fifty nodes' edges ([`Lexicon::top_index`](crate::Lexicon::top_index)),
/// so opening a lexicon stays O(1).
#[derive(Clone, Debug)]
pub struct TopIndex {
    /// The root (node 0).
    pub root: NodeIndex,
    /// Per tile `t`: what follows the root's edge for `t`.
    pub level1: Box<[Level1; 64]>,
}

/// The node after one root edge, indexed (see [`TopIndex`]).
#[derive(Clone, Copy, Debug)]
pub struct Level1 {
    /// The node's first edge (0: no such edge, or no children).
    pub node: u32,
    pub ix: NodeIndex,
    /// The node's separator edge (GADDAG), if any.
    pub sep: Option<Arc>,
    /// Index of the separator's target.
    pub sep_ix: NodeIndex,
}

impl TopIndex {
    /// Indexes the top of `e`.
    pub fn new<W: Widths>(e: &Edges<'_, W>) -> TopIndex {
        let root = NodeIndex::new(e, 0);
        let empty = Level1 {
            node: 0,
            ix: NodeIndex::EMPTY,
            sep: None,
            sep_ix: NodeIndex::EMPTY,
        };
        let mut level1 = Box::new([empty; 64]);
        for (t, l) in level1.iter_mut().enumerate() {
            let Some(a) = root.child(e, 0, t as Tile) else {
                continue;
            };
            if a.target == 0 {
                continue;
            }
            l.node = a.target;
            l.ix = NodeIndex::new(e, a.target);
            l.sep = e.separator(a.target);
            if let Some(sep) = l.sep {
                if sep.target != 0 {
                    l.sep_ix = NodeIndex::new(e, sep.target);
                }
            }
        }
        TopIndex { root, level1 }
    }

    /// [`Edges::child`], through the index when `first` is the root.
    #[inline(always)]
    pub fn child<W: Widths>(&self, e: &Edges<'_, W>, first: u32, tile: Tile) -> Option<Arc> {
        if first == 0 {
            self.root.child(e, 0, tile)
        } else {
            e.child(first, tile)
        }
    }

    /// What follows the root's edge for `tile`.
    #[inline(always)]
    pub fn level1(&self, tile: Tile) -> &Level1 {
        &self.level1[tile as usize & 63]
    }
}

/// Bits needed to write every value in `0..=max` (at least 1).
pub fn bits_for(max: u64) -> u32 {
    (64 - max.leading_zeros()).max(1)
}

/// Iterator over one node's edges.
#[derive(Clone)]
pub struct Children<'a, W: Widths = AnyWidths> {
    edges: Edges<'a, W>,
    next: u32,
    done: bool,
}

impl<W: Widths> Iterator for Children<'_, W> {
    type Item = Arc;
    #[inline]
    fn next(&mut self) -> Option<Arc> {
        if self.done {
            return None;
        }
        match self.edges.arc(self.next) {
            Some(a) => {
                self.done = a.last;
                self.next += 1;
                Some(a)
            }
            None => {
                self.done = true;
                None
            }
        }
    }
}

/// Serializes the automaton rooted at `root` as a complete lexicon file,
/// its edges sized as `layout` asks, with `list_id` as the word-list
/// identifier ([`Header::list_id`]).
// Each argument is one field of the file; a struct would only name them again.
#[allow(clippy::too_many_arguments)]
#[cfg(feature = "build")]
pub fn write(
    arena: &Arena,
    root: &Root,
    kind: Kind,
    alphabet: &Alphabet,
    words: u64,
    max_len: usize,
    layout: EdgeLayout,
    list_id: u64,
) -> Result<Vec<u8>> {
    let order = root.order();
    // First-edge index of each node (u32: more than 2^32 edges is refused below).
    let mut first = vec![0u32; arena.len()];
    let mut n = 0u64;
    for &node in order {
        first[node as usize] = n as u32;
        n += arena.edges(node).len() as u64;
    }
    if max_len > u16::MAX as usize {
        return Err(Error::TooLarge(format!(
            "a word of {max_len} tiles (at most {})",
            u16::MAX
        )));
    }
    let tile_bits = bits_for(alphabet.len() as u64);
    let mut target_bits = bits_for(n.saturating_sub(1));
    if tile_bits + 2 + target_bits > MAX_EDGE_BITS || n > u32::MAX as u64 {
        return Err(Error::TooLarge(format!("{n} edges")));
    }
    if layout == EdgeLayout::Aligned {
        if tile_bits + 2 + target_bits > 32 {
            return Err(Error::TooLarge(format!(
                "{n} edges with {tile_bits}-bit tiles for 32-bit aligned edges \
                 (at most {}); use packed edges",
                1u64 << (30 - tile_bits.min(30))
            )));
        }
        target_bits = 30 - tile_bits;
    }
    let mut alpha = encode_alphabet(alphabet);
    alpha.extend_from_slice(&list_id.to_le_bytes());
    let edges_offset = (HEADER_LEN + alpha.len()).div_ceil(8) * 8;
    let edge_bits = tile_bits + 2 + target_bits;
    let edge_bytes = (n * edge_bits as u64).div_ceil(8) as usize + EDGE_PADDING;
    let mut out = vec![0u8; edges_offset + edge_bytes];
    out[HEADER_LEN..HEADER_LEN + alpha.len()].copy_from_slice(&alpha);
    let packed = &mut out[edges_offset..];
    let mut bit = 0usize;
    for &node in order {
        let edges = arena.edges(node);
        for (j, e) in edges.iter().enumerate() {
            let target = if e.target() == 0 {
                0
            } else {
                first[e.target() as usize] as u64
            };
            let last = j + 1 == edges.len();
            let w = e.label() as u64
                | (e.terminal() as u64) << tile_bits
                | (last as u64) << (tile_bits + 1)
                | target << (tile_bits + 2);
            // OR the edge into place: it spans at most 8 bytes from `at`.
            let at = bit >> 3;
            let mut chunk = u64::from_le_bytes(packed[at..at + 8].try_into().unwrap());
            chunk |= w << (bit & 7);
            packed[at..at + 8].copy_from_slice(&chunk.to_le_bytes());
            bit += edge_bits as usize;
        }
    }
    let h = &mut out[..HEADER_LEN];
    h[0..8].copy_from_slice(&MAGIC);
    h[8..10].copy_from_slice(&VERSION_MAJOR.to_le_bytes());
    h[10..12].copy_from_slice(&VERSION_MINOR.to_le_bytes());
    h[12] = kind as u8;
    h[13] = tile_bits as u8;
    h[14] = target_bits as u8;
    h[FLAGS_OFFSET] = FLAG_LIST_ID;
    h[16..24].copy_from_slice(&words.to_le_bytes());
    h[24..32].copy_from_slice(&(order.len() as u64).to_le_bytes());
    h[32..40].copy_from_slice(&n.to_le_bytes());
    let max_len = max_len.min(u16::MAX as usize) as u16;
    h[40..42].copy_from_slice(&max_len.to_le_bytes());
    h[42..44].copy_from_slice(&[0, 0]);
    h[44..48].copy_from_slice(&(alpha.len() as u32).to_le_bytes());
    h[48..56].copy_from_slice(&(edges_offset as u64).to_le_bytes());
    let sum = xxhash_rust::xxh3::xxh3_64(&out[HEADER_LEN..]);
    out[56..64].copy_from_slice(&sum.to_le_bytes());
    Ok(out)
}

#[cfg(feature = "build")]
fn encode_alphabet(a: &Alphabet) -> Vec<u8> {
    let mut v = Vec::new();
    let put_str = |v: &mut Vec<u8>, s: &str| {
        // At most 255 bytes, cut at a character boundary.
        let mut n = s.len().min(255);
        while !s.is_char_boundary(n) {
            n -= 1;
        }
        v.push(n as u8);
        v.extend_from_slice(&s.as_bytes()[..n]);
    };
    put_str(&mut v, a.name());
    v.push(a.tiles().len() as u8);
    for t in a.tiles() {
        put_str(&mut v, &t.label);
        v.push(t.score);
        v.push(t.count);
        v.push(t.vowel as u8);
    }
    v.push(a.folds().len().min(255) as u8);
    for (from, to) in a.folds().iter().take(255) {
        put_str(&mut v, from);
        put_str(&mut v, to);
    }
    v
}

/// Reads the alphabet section (`bytes` starts at file offset `base`).
fn decode_alphabet(bytes: &[u8], base: u64) -> std::result::Result<(Alphabet, usize), Corruption> {
    let mut pos = 0usize;
    let bad = |pos: usize, what: &str| Corruption::Header {
        offset: base + pos as u64,
        what: format!("alphabet section: {what}"),
    };
    let byte = |pos: &mut usize| -> std::result::Result<u8, Corruption> {
        let b = *bytes.get(*pos).ok_or_else(|| bad(*pos, "ends early"))?;
        *pos += 1;
        Ok(b)
    };
    let string = |pos: &mut usize| -> std::result::Result<String, Corruption> {
        let n = byte(pos)? as usize;
        let s = bytes
            .get(*pos..*pos + n)
            .ok_or_else(|| bad(*pos, "ends early"))?;
        let s = std::str::from_utf8(s).map_err(|_| bad(*pos, "label is not UTF-8"))?;
        *pos += n;
        Ok(s.to_string())
    };
    let name = string(&mut pos)?;
    let count_at = pos;
    let count = byte(&mut pos)? as usize;
    if !(2..=MAX_TILES + 1).contains(&count) {
        return Err(bad(count_at, &format!("{count} tiles (2..=64 allowed)")));
    }
    let mut tiles = Vec::with_capacity(count);
    for _ in 0..count {
        let label = string(&mut pos)?;
        let score = byte(&mut pos)?;
        let count = byte(&mut pos)?;
        let vowel = byte(&mut pos)? & 1 == 1;
        tiles.push(TileInfo {
            label,
            score,
            count,
            vowel,
        });
    }
    let nfolds = byte(&mut pos)?;
    let mut folds = Vec::new();
    for _ in 0..nfolds {
        let at = pos;
        let src = string(&mut pos)?;
        let dst = string(&mut pos)?;
        if src.is_empty() {
            return Err(bad(at, "empty fold source"));
        }
        folds.push((src, dst));
    }
    let blank = tiles.remove(0);
    let a = Alphabet::from_parts(&name, blank, tiles, folds).map_err(|e| bad(0, &e.to_string()))?;
    Ok((a, pos))
}

/// Parses and checks the header and alphabet of a lexicon file. Everything a
/// reader relies on for safety is checked here in O(1) (apart from the small
/// alphabet); the edge array itself is read defensively (see [`Edges::arc`]).
pub fn parse_header(bytes: &[u8]) -> std::result::Result<(Header, Alphabet), Corruption> {
    let len = bytes.len() as u64;
    if bytes.len() < 8 || bytes[..8] != MAGIC {
        if bytes.len() < 8 && MAGIC.starts_with(bytes) {
            return Err(Corruption::Truncated {
                len,
                needed: HEADER_LEN as u64,
            });
        }
        return Err(Corruption::BadMagic);
    }
    if bytes.len() < HEADER_LEN {
        return Err(Corruption::Truncated {
            len,
            needed: HEADER_LEN as u64,
        });
    }
    let major = u16::from_le_bytes(bytes[8..10].try_into().unwrap());
    let minor = u16::from_le_bytes(bytes[10..12].try_into().unwrap());
    if major != VERSION_MAJOR {
        return Err(Corruption::UnsupportedVersion {
            found: major,
            minor,
            supported: VERSION_MAJOR,
        });
    }
    let field = |offset: u64, what: String| Corruption::Header { offset, what };
    let kind = match bytes[12] {
        1 => Kind::Dawg,
        2 => Kind::Gaddag,
        k => return Err(field(12, format!("kind {k} (1 = DAWG, 2 = GADDAG)"))),
    };
    let h = Header {
        major,
        minor,
        kind,
        tile_bits: bytes[13],
        target_bits: bytes[14],
        words: u64::from_le_bytes(bytes[16..24].try_into().unwrap()),
        nodes: u64::from_le_bytes(bytes[24..32].try_into().unwrap()),
        edges: u64::from_le_bytes(bytes[32..40].try_into().unwrap()),
        max_word_len: u16::from_le_bytes(bytes[40..42].try_into().unwrap()),
        alphabet_len: u32::from_le_bytes(bytes[44..48].try_into().unwrap()),
        edges_offset: u64::from_le_bytes(bytes[48..56].try_into().unwrap()),
        checksum: u64::from_le_bytes(bytes[56..64].try_into().unwrap()),
        list_id: None,
    };
    if !(1..=6).contains(&h.tile_bits) {
        return Err(field(
            13,
            format!("tile field of {} bits (1..=6)", h.tile_bits),
        ));
    }
    if h.target_bits == 0 || h.edge_bits() > MAX_EDGE_BITS {
        return Err(field(
            14,
            format!(
                "target field of {} bits (edges of at most {MAX_EDGE_BITS} bits)",
                h.target_bits
            ),
        ));
    }
    if h.edges > u32::MAX as u64 || (h.edges > 1 && bits_for(h.edges - 1) > h.target_bits as u32) {
        return Err(field(
            32,
            format!("{} edges do not fit {}-bit targets", h.edges, h.target_bits),
        ));
    }
    if h.edges > 0 && h.nodes == 0 || h.nodes > h.edges {
        return Err(field(
            24,
            format!("{} nodes for {} edges", h.nodes, h.edges),
        ));
    }
    let alpha_end = HEADER_LEN as u64 + h.alphabet_len as u64;
    if !h.edges_offset.is_multiple_of(8)
        || h.edges_offset < alpha_end
        || h.edges_offset > u32::MAX as u64
    {
        return Err(field(48, format!("edge array offset {} (must be 8-aligned and after the alphabet ending at {alpha_end})", h.edges_offset)));
    }
    let needed = h.edges_offset + h.edge_bytes();
    if len < needed {
        return Err(Corruption::Truncated { len, needed });
    }
    if len > needed {
        return Err(field(
            32,
            format!(
                "file has {} bytes after the edge array of {} edges",
                len - needed,
                h.edges
            ),
        ));
    }
    let section = &bytes[HEADER_LEN..alpha_end as usize];
    let (alphabet, folds_end) = decode_alphabet(section, HEADER_LEN as u64)?;
    let mut h = h;
    if minor >= 1 && bytes[FLAGS_OFFSET] & FLAG_LIST_ID != 0 {
        let id = section.get(folds_end..folds_end + 8).ok_or_else(|| {
            field(
                FLAGS_OFFSET as u64,
                format!(
                    "flags say the alphabet section holds a word-list identifier at byte offset {}, \
                     past its end",
                    HEADER_LEN + folds_end
                ),
            )
        })?;
        h.list_id = Some(u64::from_le_bytes(id[..8].try_into().unwrap()));
    }
    if bits_for(alphabet.len() as u64) > h.tile_bits as u32 {
        return Err(field(
            13,
            format!(
                "{}-bit tiles cannot hold {} tiles",
                h.tile_bits,
                alphabet.len()
            ),
        ));
    }
    Ok((h, alphabet))
}

/// The checksum of a file's payload, as stored at header offset 56.
pub fn payload_checksum(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(bytes.get(HEADER_LEN..).unwrap_or(&[]))
}

/// Full structural check of an edge array: every target in range and
/// pointing forward, tiles inside the alphabet, siblings strictly ascending,
/// the last edge closing its node. O(edges); `verify` runs it, `open` does not
/// need to.
pub fn check_edges(
    h: &Header,
    edges: &Edges<'_>,
    alphabet_tiles: usize,
) -> std::result::Result<(), Corruption> {
    let n = edges.len() as u64;
    let tb = h.tile_bits as u32;
    let tile_mask = (1u64 << tb) - 1;
    for i in 0..n {
        let raw = edges.raw(i as u32).unwrap();
        let bad = |what: String| Corruption::Edge {
            index: i,
            offset: h.edges_offset + i * h.edge_bits() as u64 / 8,
            what,
        };
        let tile = raw & tile_mask;
        let target = raw >> (tb + 2);
        if tile as usize > alphabet_tiles {
            return Err(bad(format!(
                "tile {tile} outside the alphabet of {alphabet_tiles}"
            )));
        }
        if tile == 0 && h.kind == Kind::Dawg {
            return Err(bad("separator edge in a DAWG".into()));
        }
        if target != 0 && (target <= i || target >= n) {
            return Err(bad(format!(
                "target {target} does not point forward inside the {n} edges"
            )));
        }
        if raw >> (tb + 1) & 1 == 0 {
            if i + 1 == n {
                return Err(bad("last edge of the array does not end its node".into()));
            }
            let next = edges.raw(i as u32 + 1).unwrap() & tile_mask;
            if next <= tile {
                return Err(bad(format!("siblings out of order ({tile} then {next})")));
            }
        }
        if target == 0 && raw >> tb & 1 == 0 {
            return Err(bad("edge leads nowhere and ends no word".into()));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Edges::new` must drop edges whose 8-byte read would leave the
    /// buffer: the unchecked loads rely on it.
    #[test]
    fn edges_past_the_bytes_are_cut() {
        // 11-bit edges (tile 5, flags 2, target 4); 6 edges need 66 bits.
        for len_bytes in 0..24 {
            let bytes: Vec<u8> = (0..len_bytes).map(|b| (b * 37 + 11) as u8).collect();
            let e = Edges::new(&bytes, 6, 5, 4, 26);
            let fits = |i: usize| (i * 11) / 8 + 8 <= bytes.len();
            assert!(e.len() <= 6);
            for i in 0..e.len() {
                assert!(fits(i), "edge {i} kept with {len_bytes} bytes");
            }
            if e.len() < 6 {
                assert!(
                    !fits(e.len()),
                    "edge {} cut with {len_bytes} bytes",
                    e.len()
                );
            }
            // Every reader stays inside, whatever the bits say.
            for first in 0..8u32 {
                let hits = e.select(first, u64::MAX);
                for k in 0..64 {
                    if hits >> k & 1 == 1 {
                        let a = e.arc_at(first, k);
                        assert!(a.target == 0 || (a.target as usize) < e.len());
                    }
                }
                let _ = e.arc_at(first, 63);
                let _ = e.separator(first);
                e.prefetch(u32::MAX >> first);
                e.for_each_in(first, u64::MAX, |_| true);
            }
        }
    }

    /// A view with fixed widths reads exactly what the generic one reads,
    /// on any bytes and on buffers cut short (its loads are unchecked).
    #[test]
    fn fixed_widths_read_as_any() {
        fn same<W: Widths>(any: &Edges<'_>, w: &Edges<'_, W>) {
            assert_eq!(any.len(), w.len());
            for first in 0..any.len() as u32 + 2 {
                for tiles in [u64::MAX, 0b1010_0110, 1 << 3, 0] {
                    assert_eq!(any.select(first, tiles), w.select(first, tiles));
                    let (mut a, mut b) = (Vec::new(), Vec::new());
                    any.for_each_in(first, tiles, |x| {
                        a.push(x);
                        true
                    });
                    w.for_each_in(first, tiles, |x| {
                        b.push(x);
                        true
                    });
                    assert_eq!(a, b);
                }
                for k in 0..64 {
                    assert_eq!(any.arc_at(first, k), w.arc_at(first, k));
                }
                assert_eq!(any.separator(first), w.separator(first));
                assert_eq!(any.arc(first), w.arc(first));
                assert_eq!(any.raw(first), w.raw(first));
                assert!(any.children(first).eq(w.children(first)));
                w.prefetch(first);
            }
        }
        for seed in 0..16u32 {
            let bytes: Vec<u8> = (0..200u32)
                .map(|b| (b.wrapping_mul(2654435761).wrapping_add(seed * 97) >> 13) as u8)
                .collect();
            for cut in [200, 77, 13, 8, 3] {
                let b = &bytes[..cut];
                // 32-bit edges: 5-bit tiles, 25-bit targets.
                let any = Edges::new(b, 48, 5, 25, 26);
                same(&any, &any.fixed::<Aligned5>().unwrap());
                same(&any, &any.fixed::<Tiles5>().unwrap());
                let v = any.fixed::<Aligned5Avx512>();
                assert_eq!(v.is_some(), simd::available());
                v.inspect(|v| same(&any, v));
                any.fixed::<Tiles5Avx512>().inspect(|v| same(&any, v));
                // Packed 27-bit edges.
                let any = Edges::new(b, 56, 5, 20, 26);
                assert!(any.fixed::<Aligned5>().is_none());
                same(&any, &any.fixed::<Tiles5>().unwrap());
                assert!(any.fixed::<Aligned5Avx512>().is_none());
                let v = any.fixed::<Tiles5Avx512>();
                assert_eq!(v.is_some(), simd::available());
                v.inspect(|v| same(&any, v));
                // Edges over 32 bits: no vector view.
                let any = Edges::new(b, 40, 5, 27, 26);
                assert!(any.fixed::<Tiles5Avx512>().is_none());
                // 6-bit tiles: no fixed view applies.
                let any = Edges::new(b, 56, 6, 20, 40);
                assert!(any.fixed::<Tiles5>().is_none() && any.fixed::<Aligned5>().is_none());
                assert!(any.fixed::<Tiles5Avx512>().is_none());
            }
        }
    }

    /// A xorshift generator: `next(n)` is in `0..n`.
    fn xorshift(mut state: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        }
    }

    /// Packed edges (5-bit tiles) of 40 nodes of random sizes, some sorted
    /// by tile (as files are), some not (as corrupt files may be), one of 80
    /// edges; with the file's padding. Returns the edge count and the bytes.
    fn random_nodes(next: &mut impl FnMut(u64) -> u64, target_bits: u32) -> (u32, Vec<u8>) {
        let eb = 5 + 2 + target_bits as usize;
        let mut raw = Vec::new();
        for node in 0..40 {
            let n = if node == 7 { 80 } else { 1 + next(40) };
            let sorted = next(2) == 0;
            let mut t = next(4);
            for k in 0..n {
                let tile = if sorted { t.min(31) } else { next(32) };
                t += 1 + next(2);
                let last = (k + 1 == n) as u64;
                let target = next(1 << target_bits);
                raw.push(tile | next(2) << 5 | last << 6 | target << 7);
            }
        }
        let mut bytes = vec![0u8; (raw.len() * eb).div_ceil(8) + EDGE_PADDING];
        for (i, &r) in raw.iter().enumerate() {
            for b in 0..eb {
                if r >> b & 1 == 1 {
                    let at = i * eb + b;
                    bytes[at / 8] |= 1 << (at % 8);
                }
            }
        }
        (raw.len() as u32, bytes)
    }

    /// The AVX-512 scan reads nothing past the edge array, whatever the
    /// array's length: here the array ends right before a page the process
    /// may not read, so a read past it crashes the test.
    #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
    #[test]
    fn avx512_select_stays_in_the_array() {
        if !simd::available() {
            eprintln!("no AVX-512 on this CPU: nothing to check");
            return;
        }
        const PAGE: usize = 4096;
        extern "C" {
            fn mprotect(addr: *mut std::ffi::c_void, len: usize, prot: i32) -> i32;
        }
        let mut map = memmap2::MmapMut::map_anon(2 * PAGE).unwrap();
        // SAFETY: the second page of this anonymous mapping, which is page
        // aligned (the kernel places mappings on page boundaries), becomes
        // unreadable (PROT_NONE = 0). Nothing below touches it except a
        // faulty scan, and unmapping at the end does not need it readable.
        let rc = unsafe { mprotect(map.as_mut_ptr().add(PAGE).cast(), PAGE, 0) };
        assert_eq!(rc, 0, "mprotect failed");
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        for target_bits in 1..=25u32 {
            let (n, bytes) = random_nodes(&mut next, target_bits);
            // The array cut at every length near its end, placed so that
            // its last byte is the last readable one.
            for cut in (bytes.len().saturating_sub(80)..=bytes.len()).rev() {
                let at = PAGE - cut;
                map[at..PAGE].copy_from_slice(&bytes[..cut]);
                let any = Edges::new(&map[at..PAGE], n, 5, target_bits, 26);
                let vector = any.fixed::<Tiles5Avx512>().unwrap();
                let scalar = any.fixed::<Tiles5>().unwrap();
                for first in 0..any.len() as u32 + 2 {
                    assert_eq!(
                        vector.select(first, u64::MAX),
                        scalar.select(first, u64::MAX)
                    );
                }
            }
        }
    }

    /// The AVX-512 scan finds what the scalar one finds, for every edge
    /// width it takes, on nodes of 1 to over 64 edges (sorted or not), and
    /// on buffers that end anywhere inside its 64-byte reads.
    #[test]
    fn avx512_select_matches_the_scan() {
        if !simd::available() {
            eprintln!("no AVX-512 on this CPU: only the scalar scan runs");
            return;
        }
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
        for target_bits in 1..=25u32 {
            let eb = 5 + 2 + target_bits;
            let (n, bytes) = random_nodes(&mut next, target_bits);
            let full = bytes.len();
            for cut in [full, full - 1, full - 9, full - 40, full - 63, full - 100] {
                let any = Edges::new(&bytes[..cut], n, 5, target_bits, 26);
                let scalar = any.fixed::<Tiles5>().unwrap();
                let vector = any.fixed::<Tiles5Avx512>().unwrap();
                for first in 0..any.len() as u32 {
                    for tiles in [
                        u64::MAX,
                        1 << next(32),
                        next(1 << 32),
                        0b1110,
                        1 << 31,
                        !0 << 32,
                    ] {
                        assert_eq!(
                            scalar.select(first, tiles),
                            vector.select(first, tiles),
                            "{eb}-bit edges, cut {cut}, node {first}, tiles {tiles:b}"
                        );
                    }
                }
                if eb == 32 {
                    let scalar = any.fixed::<Aligned5>().unwrap();
                    let vector = any.fixed::<Aligned5Avx512>().unwrap();
                    for first in 0..any.len() as u32 {
                        let tiles = next(1 << 32);
                        assert_eq!(scalar.select(first, tiles), vector.select(first, tiles));
                    }
                }
            }
        }
    }

    /// An index finds what a scan of its node finds, on sorted roots,
    /// and stays in bounds on any bytes.
    #[test]
    fn node_index_matches_the_scan() {
        // Root of tiles 0, 2, 3, 7 (5-bit tiles, 4-bit targets), then one
        // more node; the index must agree with `select` and `child`.
        let tb = 5u32;
        let eb = tb + 2 + 4;
        let edges: [(u64, bool, u64); 5] = [
            (0, false, 0),
            (2, false, 4),
            (3, false, 0),
            (7, true, 0),
            (1, true, 0),
        ];
        let mut bits = vec![0u8; 16];
        for (i, &(tile, last, target)) in edges.iter().enumerate() {
            let raw = tile | (last as u64) << (tb + 1) | target << (tb + 2);
            for b in 0..eb as usize {
                if raw >> b & 1 == 1 {
                    let at = i * eb as usize + b;
                    bits[at / 8] |= 1 << (at % 8);
                }
            }
        }
        let e = Edges::new(&bits, 5, tb, 4, 26);
        let root = NodeIndex::new(&e, 0);
        // `pext` where offsets are ranks, the lookup loop where not (the
        // edge for tile 0 makes this root's offsets ranks).
        #[cfg(target_arch = "x86_64")]
        let bmi2 = simd::available();
        assert!(root.ranked);
        for tiles in [0u64, 1, 0b1100, 0b1000_1100, !0, 0b10] {
            assert_eq!(root.select(tiles), e.select(0, tiles), "tiles {tiles:b}");
            #[cfg(target_arch = "x86_64")]
            if bmi2 {
                // SAFETY: `available` checked BMI2.
                assert_eq!(unsafe { root.select_bmi2(tiles) }, root.select(tiles));
            }
        }
        for t in 0..64 {
            assert_eq!(root.child(&e, 0, t), e.child(0, t), "tile {t}");
        }
        // The node after the root's tile-2 edge: edge 4, tile 1.
        let top = TopIndex::new(&e);
        let l = top.level1(2);
        assert_eq!(l.node, 4);
        assert_eq!(l.ix.select(0b10), 1);
        assert_eq!(l.ix.child(&e, 4, 1), e.child(4, 1));
        assert_eq!(l.sep, None);
        // Arbitrary bytes: no panic, every hit inside the array.
        for seed in 0..64u8 {
            let bytes: Vec<u8> = (0..40u8)
                .map(|b| b.wrapping_mul(seed).wrapping_add(seed))
                .collect();
            let e = Edges::new(&bytes, 30, 6, 3, 26);
            let top = TopIndex::new(&e);
            let hits = top.root.select(u64::MAX);
            #[cfg(target_arch = "x86_64")]
            if bmi2 {
                for tiles in [u64::MAX, 0b1011_0110, 1 << 5] {
                    // SAFETY: `available` checked BMI2.
                    assert_eq!(
                        unsafe { top.root.select_bmi2(tiles) },
                        top.root.select(tiles)
                    );
                }
            }
            assert!(hits == 0 || (64 - hits.leading_zeros() as usize) <= e.len());
            for t in 0..64 {
                let _ = top.root.child(&e, 0, t);
                let l = top.level1(t);
                let _ = l.ix.child(&e, l.node, 1);
                assert!(l.node == 0 || (l.node as usize) < e.len());
            }
        }
    }
}
