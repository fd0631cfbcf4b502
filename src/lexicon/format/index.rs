//! Node indexes: a lookup instead of a scan for the widest, busiest nodes.

use crate::alphabet::Tile;
use crate::format::edges::{Arc, Edges, Widths};

/// Where each tile's edge lies in one node: a lookup instead of a scan.
///
/// A node's edges are sorted by tile, so finding the wanted ones means
/// reading edges until past the highest wanted tile. For the few widest,
/// busiest nodes (see [`TopIndex`]) an index answers at once.
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
        // Every key of the node (an offset, or with masked nodes a tile).
        let mut keys = e.select(first, u64::MAX);
        while keys != 0 {
            let k = keys.trailing_zeros();
            keys &= keys - 1;
            let t = e.arc_at(first, k).tile as usize & 63;
            if r.tiles >> t & 1 == 0 {
                r.tiles |= 1 << t;
                r.off[t] = k as u8;
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
    pub(crate) unsafe fn select_bmi2(&self, tiles: u64) -> u64 {
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

/// Scans through an index where there is one (the index's module owns
/// these, so the edge reader does not depend on it).
impl<W: Widths> Edges<'_, W> {
    /// [`Edges::select`] on node `first`, through its index if given.
    #[inline(always)]
    pub fn select_ix(&self, ix: Option<&NodeIndex>, first: u32, tiles: u64) -> u64 {
        match ix {
            // A masked node's own lookup is as quick as its index.
            _ if self.is_masked() => self.select(first, tiles),
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
            _ if self.is_masked() => self.child(first, tile),
            Some(ix) => ix.child(self, first, tile),
            None => self.child(first, tile),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "x86_64")]
    use crate::simd;

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
