//! The fixed header and the alphabet section: constants, decoding, and the
//! O(1) checks that make every later read of a mapped file safe. Checked
//! slices and `from_le_bytes` only; no `unsafe` here.

use crate::alphabet::{Alphabet, TileInfo, MAX_TILES};
use crate::error::Corruption;

/// First eight bytes of every lexicon file.
pub const MAGIC: [u8; 8] = *b"LEXGRAPH";
/// Major version of the files with packed or aligned edges: readers refuse
/// majors they do not know.
pub const VERSION_MAJOR: u16 = 1;
/// Major version of the files with masked nodes ([`EdgeLayout::Masked`](crate::format::EdgeLayout::Masked)):
/// each node starts with a slot holding the mask of its tiles, which a
/// reader of major 1 would misread as an edge, hence a major of its own.
pub const MASKED_MAJOR: u16 = 2;
/// Tile bits of a masked file: the mask slot has one bit per tile.
pub const MASKED_TILE_BITS: u8 = 5;
/// Target bits of a masked file: every slot is 32 bits.
pub const MASKED_TARGET_BITS: u8 = 25;
/// Minor version: additions an older reader of the same major may ignore.
/// 1.1 adds the word-list identifier ([`FLAG_LIST_ID`]).
pub const VERSION_MINOR: u16 = 1;
/// Header byte 15 (reserved in 1.0), in a file of minor version 1 or more:
/// bit 0 says that the alphabet section holds the 8-byte word-list
/// identifier right after the fold list ([`Header::list_id`]).
pub const FLAG_LIST_ID: u8 = 1;
/// Bit 1 of the flags byte (1.2 and 2.1): the alphabet section holds an
/// anagram index, its offset and length right after the `list_id`.
pub const FLAG_ANAGRAMS: u8 = 2;
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
    /// The format's major version: [`VERSION_MAJOR`], [`MASKED_MAJOR`],
    /// or 0 in the header a [`crate::Kwg`] makes up for its parts.
    pub major: u16,
    /// The format's minor version as the file gives it (see
    /// [`VERSION_MINOR`]); 0 for a KWG's parts.
    pub minor: u16,
    /// Which automaton the file holds.
    pub kind: Kind,
    /// Bits of an edge's tile field.
    pub tile_bits: u8,
    /// Bits of an edge's target field.
    pub target_bits: u8,
    /// Number of words in the lexicon.
    pub words: u64,
    /// Number of nodes (each has at least one edge).
    pub nodes: u64,
    /// Number of edges in the packed edge array (of 32-bit slots, mask
    /// slots included, in a masked file).
    pub edges: u64,
    /// Length of the longest word, in tiles.
    pub max_word_len: u16,
    /// Length of the alphabet section, in bytes.
    pub alphabet_len: u32,
    /// Byte offset of the edge array in the file, a multiple of 8 (0 for a
    /// KWG's parts).
    pub edges_offset: u64,
    /// XXH3-64 (seed 0) of every byte after the header (0 for a KWG's
    /// parts).
    pub checksum: u64,
    /// Identifier of the word list and alphabet the file was compiled from
    /// ([`crate::WordList::list_id`]), the same in a DAWG and a GADDAG
    /// compiled together; `None` in a 1.0 file. See
    /// [`crate::lexicon::check_pair`].
    pub list_id: Option<u64>,
    /// 1.2 and 2.1: the anagram index's (file offset, length), inside the
    /// alphabet section (see `formats/lexicon.md`).
    pub anagrams: Option<(u64, u64)>,
}

impl Header {
    /// The edge array has masked nodes (major [`MASKED_MAJOR`]).
    pub fn masked(&self) -> bool {
        self.major == MASKED_MAJOR
    }
    /// Edges of the automaton: [`Header::edges`], less the nodes' mask
    /// slots in a masked file.
    pub fn edge_count(&self) -> u64 {
        if self.masked() {
            self.edges.saturating_sub(self.nodes)
        } else {
            self.edges
        }
    }
    /// Bits per edge.
    pub fn edge_bits(&self) -> u32 {
        self.tile_bits as u32 + 2 + self.target_bits as u32
    }
    /// Bytes of the edge array, padding included.
    pub fn edge_bytes(&self) -> u64 {
        (self.edges * self.edge_bits() as u64).div_ceil(8) + EDGE_PADDING as u64
    }
}

/// Bits needed to write every value in `0..=max` (at least 1).
pub fn bits_for(max: u64) -> u32 {
    (64 - max.leading_zeros()).max(1)
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
    if major != VERSION_MAJOR && major != MASKED_MAJOR {
        return Err(Corruption::UnsupportedVersion {
            found: major,
            minor,
            supported: MASKED_MAJOR,
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
        anagrams: None,
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
    if h.masked() && h.tile_bits != MASKED_TILE_BITS {
        return Err(field(
            13,
            format!(
                "tile field of {} bits in a file with masked nodes ({MASKED_TILE_BITS})",
                h.tile_bits
            ),
        ));
    }
    if h.masked() && h.target_bits != MASKED_TARGET_BITS {
        return Err(field(
            14,
            format!(
                "target field of {} bits in a file with masked nodes ({MASKED_TARGET_BITS})",
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
    // 1.1 gave the flag its meaning; 2.0 (masked nodes) keeps it.
    if (minor >= 1 || major == MASKED_MAJOR) && bytes[FLAGS_OFFSET] & FLAG_LIST_ID != 0 {
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
    if has_anagram_flag(major, minor) && bytes[FLAGS_OFFSET] & FLAG_ANAGRAMS != 0 {
        let at = folds_end + 8;
        let fields = section
            .get(at..at + 16)
            .filter(|_| h.list_id.is_some())
            .ok_or_else(|| {
                field(
                    FLAGS_OFFSET as u64,
                    format!(
                        "flags say the alphabet section holds an anagram index's offset and length \
                         at byte offset {}, after a word-list identifier, past its end",
                        HEADER_LEN + at
                    ),
                )
            })?;
        let offset = u64::from_le_bytes(fields[..8].try_into().unwrap());
        let ix_len = u64::from_le_bytes(fields[8..].try_into().unwrap());
        let after_fields = (HEADER_LEN + at + 16) as u64;
        if !offset.is_multiple_of(8)
            || offset < after_fields
            || offset.checked_add(ix_len).is_none_or(|end| end > alpha_end)
        {
            return Err(field(
                (HEADER_LEN + at) as u64,
                format!(
                    "anagram index of {ix_len} bytes at offset {offset} (must be 8-aligned, \
                     from {after_fields} and inside the alphabet section ending at {alpha_end})"
                ),
            ));
        }
        h.anagrams = Some((offset, ix_len));
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
/// Whether the file's version gives flags bit 1 its meaning (1.2 and
/// later, 2.1 and later).
fn has_anagram_flag(major: u16, minor: u16) -> bool {
    (major == VERSION_MAJOR && minor >= 2) || (major == MASKED_MAJOR && minor >= 1)
}

pub fn payload_checksum(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(bytes.get(HEADER_LEN..).unwrap_or(&[]))
}
