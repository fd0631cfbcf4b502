//! The edge reader: the hot path of every query and of move generation.
//!
//! [`Edges`] views a packed edge array in place. Its loads are the crate's
//! only unchecked reads of file data: [`Edges::new`] cuts the edge count so
//! that 8 bytes can be read at every edge it keeps, every read checks its
//! index against that count, and targets that do not point forward inside
//! the array read as 0 (no children). [`Widths`] is sealed: the reader is
//! compiled for the widths listed here and no others, and a view with fixed
//! widths is made only by [`Edges::fixed`], which checks them against the
//! file (and, for AVX-512, the CPU).

use crate::alphabet::Tile;
use crate::simd;

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

mod sealed {
    /// Only this module's width types implement [`super::Widths`]: the
    /// unchecked loads depend on what `Edges::fixed` checks of them.
    pub trait Sealed {}
    impl Sealed for super::AnyWidths {}
    impl Sealed for super::Tiles5 {}
    impl Sealed for super::Aligned5 {}
    impl Sealed for super::Tiles5Avx512 {}
    impl Sealed for super::Aligned5Avx512 {}
    impl Sealed for super::Kwg22 {}
    impl Sealed for super::Masked5 {}
    impl Sealed for super::Masked5Popcnt {}
}

/// Cache lines [`Edges::prefetch`] asks for, from a node's first edge on.
///
/// Nodes are laid out depth first, each node's first child right after it
/// (`builder::topological_order`), so the bytes after a node hold the
/// subtree the search is most likely to walk next: chains of one-edge nodes
/// are common deep in a GADDAG. Asking for them at once turns a chain of
/// cache misses, each waited for in turn, into loads in parallel. Masked
/// nodes (a 32-bit mask and 32-bit edges) spread a subtree over more bytes
/// than packed edges do, so they want more lines: the counts measured are
/// in `docs/design/masked-nodes.md`.
pub const PREFETCH_LINES: usize = 8;

/// Field widths a reader is compiled for. The widths of a file are known
/// only when it is opened; a reader built for fixed widths decodes an edge
/// with constant shifts and masks, and 32-bit edges with one aligned load.
/// Move generation decodes edges more than it does anything else, so this
/// pays: `Generator` picks the fixed reader that fits the file (and the CPU,
/// for [`Widths::AVX512`]).
pub trait Widths: sealed::Sealed + Copy + Default + std::fmt::Debug + 'static {
    /// Bits of the tile field, or 0 for the file's.
    const TILE_BITS: u32;
    /// Bits of an edge, or 0 for the file's.
    const EDGE_BITS: u32;
    /// [`Edges::select`] reads 16 edges at a time with AVX-512 vector
    /// instructions. [`Edges::fixed`] makes such a view only on a CPU that
    /// has them, of a file with 5-bit tiles and edges of at most 32 bits.
    const AVX512: bool = false;
    /// A KWG node array of this arc width (22 or 24) instead of packed
    /// edges, or 0 (see [`Edges::kwg`]).
    const KWG: u8 = 0;
    /// Masked nodes (see [`Edges::masked`]): each node starts with the
    /// mask of its tiles.
    const MASKED: bool = false;
    /// The search runs compiled with POPCNT (x86-64; see
    /// `simd::avx512_twin!`). [`Edges::fixed`] makes such a view only on a
    /// CPU that has it.
    const POPCNT: bool = false;
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

/// The nodes of a KWG with 22-bit arcs (see [`Edges::kwg`]): the reader
/// compiled for them, as the others are for their widths.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kwg22;

impl Widths for Kwg22 {
    const TILE_BITS: u32 = 8;
    const EDGE_BITS: u32 = 32;
    const KWG: u8 = 22;
}

/// The slots of a file with masked nodes ([`Edges::masked`]): 32-bit
/// slots, 5-bit tiles, a child found by a popcount instead of a scan.
#[derive(Clone, Copy, Debug, Default)]
pub struct Masked5;

impl Widths for Masked5 {
    const TILE_BITS: u32 = 5;
    const EDGE_BITS: u32 = 32;
    const MASKED: bool = true;
}

/// [`Masked5`], searched with POPCNT (see [`Widths::POPCNT`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Masked5Popcnt;

impl Widths for Masked5Popcnt {
    const TILE_BITS: u32 = 5;
    const EDGE_BITS: u32 = 32;
    const MASKED: bool = true;
    const POPCNT: bool = true;
}

/// A read-only view of a packed edge array, safe on any bytes. `W` fixes
/// field widths at compile time ([`Widths`]); [`Edges::fixed`] makes one.
#[derive(Clone, Copy, Debug)]
pub struct Edges<'a, W: Widths = AnyWidths> {
    bytes: &'a [u8],
    pub(super) len: u32,
    edge_bits: u32,
    tile_bits: u32,
    mask: u64,
    max_tile: Tile,
    /// Bits `0..=max_tile`: the tiles a masked node's mask may name
    /// (worked out once: every node visit reads it).
    tiles: u64,
    /// 0: lexgraph's packed edges; 22 or 24: KWG nodes with arcs that wide.
    kwg: u8,
    /// KWG: the node where the root list starts (node 0 of the view), or
    /// `u32::MAX` for an empty root.
    root: u32,
    /// Each node starts with a mask slot ([`Edges::masked`]).
    masked: bool,
    widths: std::marker::PhantomData<W>,
}

/// Bits `0..=max_tile` (all 64 from tile 63 up).
fn tiles_upto(max_tile: Tile) -> u64 {
    u64::MAX >> (63 - max_tile.min(63) as u32)
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
            tiles: tiles_upto(max_tile),
            kwg: 0,
            root: 0,
            masked: false,
            widths: std::marker::PhantomData,
        }
    }

    /// Views a KWG's `bytes` (whole 4-byte nodes) with arcs `arc_bits`
    /// wide (22 or 24), the list at `root` read as node 0: the reader every
    /// search and query runs on lexgraph's files, on a KWG in place. A
    /// KWG's arcs may point backwards, so only their range is checked on
    /// each read; that every walk ends is up to the opener, which checks
    /// the array for cycles first (`format::kwg::check`). Tiles above
    /// `max_tile` read as 0 through [`Edges::arc`], as in a lexgraph file.
    pub fn kwg(bytes: &'a [u8], arc_bits: u8, root: u32, max_tile: Tile) -> Edges<'a> {
        debug_assert!(arc_bits == 22 || arc_bits == 24);
        let len = (bytes.len() / 4).min(u32::MAX as usize - 1) as u32;
        Edges {
            bytes,
            len,
            edge_bits: 32,
            tile_bits: 8,
            mask: u32::MAX as u64,
            max_tile,
            tiles: tiles_upto(max_tile),
            kwg: arc_bits,
            root: if root == 0 { u32::MAX } else { root },
            masked: false,
            widths: std::marker::PhantomData,
        }
    }

    /// Views `bytes` as `len` 32-bit slots of masked nodes (see
    /// `formats/lexicon.md`, *Masked nodes*): node `i` is a mask slot,
    /// bit `t` set when the node has an edge with tile `t`, followed by
    /// those edges in tile order, each as a 32-bit edge whose target is a
    /// node's mask slot. The edge for tile `t` is the one after the mask
    /// whose rank is the number of mask bits below `t`: a lookup, with no
    /// scan and nothing tried and rejected. Tiles above `max_tile` read
    /// as absent. Like [`Edges::new`], safe on any bytes: a mask that does
    /// not match its edges gives wrong arcs, never a read out of bounds.
    pub fn masked(bytes: &'a [u8], len: u32, max_tile: Tile) -> Edges<'a> {
        let mut e = Edges::new(
            bytes,
            len,
            super::header::MASKED_TILE_BITS as u32,
            super::header::MASKED_TARGET_BITS as u32,
            max_tile.min(31),
        );
        e.masked = true;
        e
    }

    /// This view with widths `W` fixed, if they are the file's (and, for
    /// [`Widths::AVX512`], if the CPU and the file allow it).
    pub fn fixed<W: Widths>(self) -> Option<Edges<'a, W>> {
        let any = W::TILE_BITS == 0 && W::EDGE_BITS == 0;
        let fits = (any || W::KWG == self.kwg && W::MASKED == self.masked)
            && (W::TILE_BITS == 0 || W::TILE_BITS == self.tile_bits)
            && (W::EDGE_BITS == 0 || W::EDGE_BITS == self.edge_bits)
            && (!W::AVX512 || (self.tile_bits == 5 && self.edge_bits <= 32 && simd::available()))
            && (!W::POPCNT || simd::has_popcnt());
        fits.then_some(Edges {
            bytes: self.bytes,
            len: self.len,
            edge_bits: self.edge_bits,
            tile_bits: self.tile_bits,
            mask: self.mask,
            max_tile: self.max_tile,
            tiles: self.tiles,
            kwg: self.kwg,
            root: self.root,
            masked: self.masked,
            widths: std::marker::PhantomData,
        })
    }
}

impl<'a, W: Widths> Edges<'a, W> {
    /// 0 for packed edges, else the KWG's arc width: a constant for every
    /// fixed reader (the native ones compile with no trace of KWG reading),
    /// the view's for [`AnyWidths`].
    #[inline(always)]
    fn kwg_mode(&self) -> u8 {
        if W::KWG != 0 {
            W::KWG
        } else if W::TILE_BITS == 0 && W::EDGE_BITS == 0 {
            self.kwg
        } else {
            0
        }
    }

    /// Whether nodes are masked: fixed for every fixed reader, the view's
    /// for [`AnyWidths`].
    #[inline(always)]
    pub(crate) fn is_masked(&self) -> bool {
        if W::MASKED {
            true
        } else if W::TILE_BITS == 0 && W::EDGE_BITS == 0 {
            self.masked
        } else {
            false
        }
    }

    /// Masked: the tiles of node `first` (bit `t`: an edge for tile `t`),
    /// those above the alphabet dropped; 0 past the array.
    #[inline(always)]
    fn mask_of(&self, first: u32) -> u64 {
        if first >= self.len {
            return 0;
        }
        let raw = self.load(first as usize * 32) & u32::MAX as u64;
        raw & self.tiles
    }

    /// Masked: the edge for tile `k` of node `first` (see [`Edges::masked`]);
    /// past the array (a corrupt mask) an empty last edge, of tile `k` still:
    /// a search places the tile its mask selected, never another.
    #[inline(always)]
    fn masked_arc(&self, first: u32, k: u32) -> Arc {
        self.masked_arc_in(first, self.mask_of(first), k)
    }

    /// [`Edges::masked_arc`] with the node's mask already read (`mask`:
    /// `mask_of(first)`).
    #[inline(always)]
    fn masked_arc_in(&self, first: u32, mask: u64, k: u32) -> Arc {
        let k = k & 63;
        let below = mask & ((1u64 << k) - 1);
        let i = first as u64 + 1 + below.count_ones() as u64;
        if i >= self.len as u64 {
            return Arc {
                tile: k as Tile,
                terminal: false,
                last: true,
                target: 0,
            };
        }
        Arc {
            tile: k as Tile,
            ..self.edge(i)
        }
    }

    /// KWG: the node a list id names (0 is the root list).
    #[inline(always)]
    fn kwg_first(&self, first: u32) -> u32 {
        if first == 0 {
            self.root
        } else {
            first
        }
    }

    /// KWG: node `i` decoded (callers keep `i < len`); an arc outside the
    /// array reads as 0.
    #[inline(always)]
    fn kwg_arc(&self, i: u32) -> Arc {
        let at = 4 * i as usize;
        let raw = match self.bytes.get(at..at + 4) {
            Some(b) => u32::from_le_bytes([b[0], b[1], b[2], b[3]]),
            None => 0,
        };
        let layout = if self.kwg_mode() == 24 {
            super::kwg::KwgLayout::Arcs24
        } else {
            super::kwg::KwgLayout::Arcs22
        };
        let (tile, terminal, last, target) = layout.unpack(raw);
        Arc {
            tile,
            terminal,
            last,
            target: if target < self.len { target } else { 0 },
        }
    }

    /// KWG: [`Edges::for_each_in`].
    #[inline(always)]
    fn kwg_for_each_in(&self, first: u32, tiles: u64, mut f: impl FnMut(Arc) -> bool) {
        let highest = 63 - tiles.leading_zeros() as u64;
        let mut i = self.kwg_first(first);
        while i < self.len {
            let a = self.kwg_arc(i);
            if a.tile as u64 > highest {
                return;
            }
            if tiles >> (a.tile & 63) & 1 != 0 && !f(a) {
                return;
            }
            if a.last {
                return;
            }
            i += 1;
        }
    }

    /// KWG: [`Edges::select`].
    #[inline(always)]
    fn kwg_select(&self, first: u32, tiles: u64) -> u64 {
        let highest = 63 - tiles.leading_zeros() as u64;
        let first = self.kwg_first(first);
        let end = self.len.min(first.saturating_add(64));
        let mut hits = 0u64;
        let mut i = first;
        while i < end {
            let a = self.kwg_arc(i);
            if a.tile as u64 > highest {
                break;
            }
            hits |= (tiles >> (a.tile & 63) & 1) << (i - first);
            if a.last {
                break;
            }
            i += 1;
        }
        hits
    }

    /// Bits per edge: fixed, or the file's.
    #[inline(always)]
    fn edge_bits_of(&self) -> usize {
        if W::EDGE_BITS != 0 {
            W::EDGE_BITS as usize
        } else {
            self.edge_bits as usize
        }
    }

    /// Bits of the tile field: fixed, or the file's.
    #[inline(always)]
    fn tile_bits_of(&self) -> u32 {
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

    /// Edge `i`, decoded defensively: a target that does not point forward and
    /// inside the array reads as 0 (no children), a tile outside the alphabet
    /// reads as 0. `None` past the end. With masked nodes `i` is a slot:
    /// node `n`'s edges are the slots after `n` (a mask slot read this way
    /// means nothing).
    #[inline]
    pub fn arc(&self, i: u32) -> Option<Arc> {
        (i < self.len).then(|| {
            let mut a = match self.kwg_mode() {
                0 => self.edge(i as u64),
                _ => self.kwg_arc(i),
            };
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
        if self.kwg_mode() != 0 {
            return self.kwg_for_each_in(first, tiles, f);
        }
        if self.is_masked() {
            let mut hits = self.mask_of(first) & tiles;
            while hits != 0 {
                let k = hits.trailing_zeros();
                hits &= hits - 1;
                if !f(self.masked_arc(first, k)) {
                    return;
                }
            }
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
        let eb = self.edge_bits_of();
        let tb = self.tile_bits_of();
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
    /// keys, each to be read with [`Edges::arc_at`]: offsets from `first`
    /// (bit `k`: edge `first + k`), or with masked nodes the tiles
    /// themselves (the node's mask and `tiles`: no scan at all). Move
    /// generation selects a node's edges this way and only then recurses:
    /// the scan stays a tight loop, and the recursion carries one word of
    /// state per node instead of the whole scan.
    ///
    /// Siblings are sorted by tile, so the scan stops past the highest wanted
    /// tile; a node has at most 64 edges (a corrupt longer one is cut there).
    #[inline(always)]
    pub fn select(&self, first: u32, tiles: u64) -> u64 {
        if tiles == 0 {
            return 0;
        }
        if self.kwg_mode() != 0 {
            return self.kwg_select(first, tiles);
        }
        if self.is_masked() {
            return self.mask_of(first) & tiles;
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
            return unsafe {
                simd::select16(
                    self.bytes,
                    self.len,
                    self.edge_bits_of() as u32,
                    first,
                    tiles,
                )
            };
        }
        let highest = 63 - tiles.leading_zeros() as u64;
        let eb = self.edge_bits_of();
        let tile_mask = (1u64 << self.tile_bits_of()) - 1;
        let last_bit = 1u64 << (self.tile_bits_of() + 1);
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

    /// The edge of node `first` with key `k`, as [`Edges::select`] gives
    /// keys: edge `first + k`, or with masked nodes the edge for tile `k`
    /// (whose tile then reads as `k`). A target
    /// that does not point forward inside the array reads as 0; past the
    /// array the edge reads as an empty last edge. Tiles are as stored (see
    /// [`Edges::arc`] for the clamped view).
    #[inline(always)]
    pub fn arc_at(&self, first: u32, k: u32) -> Arc {
        if self.is_masked() {
            return self.masked_arc(first, k);
        }
        let first = if self.kwg_mode() != 0 {
            self.kwg_first(first)
        } else {
            first
        };
        let i = first as u64 + k as u64;
        if i >= self.len as u64 {
            return Arc {
                tile: 0,
                terminal: false,
                last: true,
                target: 0,
            };
        }
        if self.kwg_mode() != 0 {
            return self.kwg_arc(i as u32);
        }
        self.edge(i)
    }

    /// What reading several edges of node `first` in turn needs besides
    /// the node: with masked nodes its mask, read once for all of them
    /// ([`Edges::arc_in`]); 0 for other layouts.
    #[inline(always)]
    pub fn node_keys(&self, first: u32) -> u64 {
        if self.is_masked() {
            self.mask_of(first)
        } else {
            0
        }
    }

    /// [`Edges::arc_at`], with `keys` from [`Edges::node_keys`] of the same
    /// node: a masked node's mask is not read again for each edge.
    #[inline(always)]
    pub fn arc_in(&self, first: u32, keys: u64, k: u32) -> Arc {
        if self.is_masked() {
            return self.masked_arc_in(first, keys, k);
        }
        self.arc_at(first, k)
    }

    /// Edge `i` of lexgraph's edges decoded as stored (callers keep
    /// `i < len`); a target that does not point forward inside the array
    /// reads as 0.
    #[inline(always)]
    fn edge(&self, i: u64) -> Arc {
        let raw = self.load(i as usize * self.edge_bits_of()) & self.edge_mask();
        let tb = self.tile_bits_of();
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
        let first = if self.kwg_mode() != 0 {
            self.kwg_first(first)
        } else {
            first
        };
        let at = (first as usize * self.edge_bits_of()) >> 3;
        let p = self.bytes.as_ptr().wrapping_add(at);
        for line in 0..PREFETCH_LINES {
            crate::simd::prefetch(p.wrapping_add(64 * line));
        }
    }

    /// The separator edge of node `first` (GADDAG): tile 0 sorts first, so
    /// it is the first edge if there is one.
    #[inline(always)]
    pub fn separator(&self, first: u32) -> Option<Arc> {
        if first == 0 || first >= self.len {
            return None;
        }
        if self.kwg_mode() != 0 {
            let a = self.kwg_arc(first);
            return (a.tile == 0).then_some(a);
        }
        if self.is_masked() {
            return (self.mask_of(first) & 1 != 0).then(|| self.masked_arc(first, 0));
        }
        let raw = self.load(first as usize * self.edge_bits_of());
        (raw & ((1 << self.tile_bits_of()) - 1) == 0).then(|| self.arc_at(first, 0))
    }

    /// Iterates the edges of the node whose first edge is `first` (the root
    /// is node 0; an arc's `target` of 0 means "no node", so check it first).
    #[inline]
    pub fn children(&self, first: u32) -> Children<'a, W> {
        let next = if self.kwg_mode() != 0 {
            self.kwg_first(first)
        } else if self.is_masked() {
            // The edges after the mask slot.
            first.saturating_add(1)
        } else {
            first
        };
        Children {
            edges: *self,
            next,
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
}

/// Iterator over one node's edges.
#[derive(Clone)]
pub struct Children<'a, W: Widths = AnyWidths> {
    edges: Edges<'a, W>,
    next: u32,
    done: bool,
}

impl<W: Widths> Children<'_, W> {
    /// The same iterator, already at its end: an empty list without an
    /// `Option` around the iterator, whose unset payload optimized code may
    /// read speculatively (harmless, but memory checkers flag it).
    pub(crate) fn finished(mut self) -> Self {
        self.done = true;
        self
    }
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

#[cfg(test)]
mod tests;
