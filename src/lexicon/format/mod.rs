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
//! (`EdgeLayout::Aligned`, feature `build`): a fifth more bytes, read with
//! one load per edge, which makes move generation faster.
//!
//! ```text
//! edge (E = T + 2 + A bits):  bits 0..T tile | bit T terminal | bit T+1 last | bits T+2..E target
//! ```
//!
//! Nodes are laid out parents first, so every valid target is greater than
//! the index of the edge that holds it. Readers enforce that on every read,
//! which is what makes traversal of an arbitrary (corrupt) file terminate
//! without a full scan at open time.
//!
//! The module is split by concern, one file each: `header` (constants, the
//! header and alphabet section, the O(1) checks at open), `edges` (the
//! reader: the crate's only unchecked loads of file data, behind the sealed
//! `Widths` types), `index` (node indexes for the busiest nodes), `verify`
//! (the full check, from the bytes alone) and, with the `build` feature,
//! `writer`, which serializes any `Automaton`; `kwg` reads the node
//! arrays of the wolges / MAGPIE ecosystem, which the same reader then
//! walks in place ([`crate::lexicon::Kwg`]). Users see the header, the
//! constants and the writer; the reader is internal, and
//! [`Lexicon::root`](crate::Lexicon::root) walks a file in place.

mod edges;
mod header;
mod index;
pub mod kwg;
mod verify;
#[cfg(feature = "build")]
mod writer;

pub use header::{
    Header, Kind, EDGE_PADDING, FLAGS_OFFSET, FLAG_ANAGRAMS, FLAG_LIST_ID, HEADER_LEN, MAGIC,
    MASKED_MAJOR, MASKED_TARGET_BITS, MASKED_TILE_BITS, MAX_EDGE_BITS, VERSION_MAJOR,
    VERSION_MINOR,
};
#[cfg(feature = "build")]
pub use writer::{write, Automaton, AutomatonEdge, EdgeLayout, FileInfo};

pub(crate) use edges::{
    Aligned5, Aligned5Avx512, AnyWidths, Arc, Children, Edges, Kwg22, Masked5, Masked5Popcnt,
    Tiles5, Tiles5Avx512, Widths,
};
#[cfg(feature = "build")]
pub(crate) use header::bits_for;
pub(crate) use header::{parse_header, payload_checksum};
pub(crate) use index::{Level1, NodeIndex, TopIndex};
pub(crate) use verify::check_edges;
#[cfg(feature = "build")]
pub(crate) use writer::encode_alphabet;
