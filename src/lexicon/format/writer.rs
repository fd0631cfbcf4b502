//! The writer: any automaton, as a complete lexicon file.
//!
//! It reads the automaton through [`Automaton`] (nodes in file order, each
//! with its edges), not through the builder's own types, so the builder
//! and the file format do not depend on each other, and another file
//! format (KWG) can be written from the same automata.

use crate::alphabet::{Alphabet, Tile};
use crate::error::{Error, Result};
use crate::format::header::*;

/// How the writer lays out the edges: `formats/lexicon.md` specifies each.
/// `compile` picks [`EdgeLayout::fastest_for`] unless told otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeLayout {
    /// Just enough bits for the file's edge count: the smallest files.
    Packed,
    /// Targets widened so that every edge is 32 bits, as in Appel &
    /// Jacobson: each edge is one aligned load. About a fifth larger than
    /// packed for English lists; move generation is faster on them
    /// (`BENCHMARKS.md`, *Move generation*, for the measured gain).
    Aligned,
    /// Aligned edges, each node led by a 32-bit slot with the mask of its
    /// tiles (format major version 2): a child is found by a popcount of
    /// the mask instead of a scan of the edges, with no vector
    /// instructions. For alphabets of up to 31 tiles.
    Masked,
}

impl EdgeLayout {
    /// The layout move generation reads fastest that `alphabet` allows:
    /// [`EdgeLayout::Masked`] for up to 31 tiles, else [`EdgeLayout::Packed`]
    /// (`BENCHMARKS.md`, *Edge layouts*, has the measurements that chose it).
    pub fn fastest_for(alphabet: &Alphabet) -> EdgeLayout {
        if alphabet.len() <= MASKED_MAX_TILES {
            EdgeLayout::Masked
        } else {
            EdgeLayout::Packed
        }
    }
}

/// Most tiles of an alphabet whose files can have masked nodes (a 32-bit
/// mask: the separator and 31 tiles).
const MASKED_MAX_TILES: usize = 31;

/// An automaton as the writer reads it: its nodes in the order the file
/// lays them out, the root first, each with its edges sorted by tile.
///
/// Node ids are the automaton's own (any `u32` below [`Automaton::ids`]);
/// the writer maps them to edge indexes. A node with no edges needs no
/// place in [`Automaton::order`]: an edge into it is written as "no
/// children".
pub trait Automaton {
    /// Node ids in file order, the root first. Depth first, each node's
    /// first child right after it, is what readers prefetch best
    /// (the reader fetches the bytes after a node with it).
    fn order(&self) -> &[u32];
    /// One more than the largest node id.
    fn ids(&self) -> usize;
    /// The edges of node `id`, sorted by tile, distinct tiles.
    fn edges(&self, id: u32) -> impl ExactSizeIterator<Item = AutomatonEdge> + '_;
}

/// One edge of an [`Automaton`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AutomatonEdge {
    /// Tile (0: the GADDAG separator).
    pub tile: Tile,
    /// The path ending with this edge is a word.
    pub terminal: bool,
    /// The node it leads to, if that node has edges.
    pub target: Option<u32>,
}

/// What a file says besides its edges.
#[derive(Clone, Copy, Debug)]
pub struct FileInfo<'a> {
    /// Which automaton the file holds.
    pub kind: Kind,
    /// The alphabet written in the file's alphabet section.
    pub alphabet: &'a Alphabet,
    /// Words the automaton accepts (of the word list, for a GADDAG).
    pub words: u64,
    /// Tiles of the longest word.
    pub max_word_len: usize,
    /// The word list's identifier ([`Header::list_id`]).
    pub list_id: u64,
}

/// Serializes `automaton` as a complete lexicon file, its edges sized as
/// `layout` asks.
pub fn write(
    automaton: &impl Automaton,
    info: &FileInfo<'_>,
    layout: EdgeLayout,
) -> Result<Vec<u8>> {
    let FileInfo {
        kind,
        alphabet,
        words,
        max_word_len: max_len,
        list_id,
    } = *info;
    let order = automaton.order();
    let masked = layout == EdgeLayout::Masked;
    // First-edge index (the mask slot's, when masked) of each node (u32:
    // more than 2^32 edges is refused below).
    let mut first = vec![0u32; automaton.ids()];
    let mut n = 0u64;
    for &node in order {
        first[node as usize] = n as u32;
        n += automaton.edges(node).len() as u64 + masked as u64;
    }
    if max_len > u16::MAX as usize {
        return Err(Error::TooLarge(format!(
            "a word of {max_len} tiles (at most {})",
            u16::MAX
        )));
    }
    let mut tile_bits = bits_for(alphabet.len() as u64);
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
    if masked {
        if alphabet.len() > MASKED_MAX_TILES || n > 1 << MASKED_TARGET_BITS {
            return Err(Error::TooLarge(format!(
                "masked nodes hold at most 31 tiles and 2^{MASKED_TARGET_BITS} slots \
                 ({} tiles, {n} slots here); use packed edges",
                alphabet.len()
            )));
        }
        tile_bits = MASKED_TILE_BITS as u32;
        target_bits = MASKED_TARGET_BITS as u32;
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
        let edges = automaton.edges(node);
        let count = edges.len();
        if masked {
            let mask = automaton
                .edges(node)
                .fold(0u32, |m, e| m | 1 << (e.tile & 31));
            packed[bit >> 3..(bit >> 3) + 4].copy_from_slice(&mask.to_le_bytes());
            bit += 32;
        }
        for (j, e) in edges.enumerate() {
            let target = e.target.map_or(0, |t| first[t as usize] as u64);
            let last = j + 1 == count;
            let w = e.tile as u64
                | (e.terminal as u64) << tile_bits
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
    let major = if masked { MASKED_MAJOR } else { VERSION_MAJOR };
    h[8..10].copy_from_slice(&major.to_le_bytes());
    // 2.0 is 1.1 with masked nodes.
    let minor = if masked { 0 } else { VERSION_MINOR };
    h[10..12].copy_from_slice(&minor.to_le_bytes());
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

pub(crate) fn encode_alphabet(a: &Alphabet) -> Vec<u8> {
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
