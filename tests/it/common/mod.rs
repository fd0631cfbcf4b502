//! Helpers shared by the integration tests: where the shared data lives,
//! and hand-built lexicon files.
//!
//! Each test binary includes this module with `mod common;` and uses only
//! part of it, hence the `dead_code` allowance.
#![allow(dead_code)]

pub mod cli;
pub mod exercise;

use std::path::{Path, PathBuf};

use lexgraph::{Alphabet, Tile};

/// The workspace's root: these tests belong to the command line's package
/// (`bin/`), and read the repository's data (`lexicons/`, `tests/data/`,
/// `src/`) from the root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("bin/ has a parent")
}

/// Directory holding the shared data (`lexicons/`, `positions/` inside it):
/// `$LEXGRAPH_SHARED`, else `../shared` beside the crate. Only the tests
/// marked `#[ignore = "needs ../shared/..."]` read it.
pub fn shared_dir() -> PathBuf {
    match std::env::var_os("LEXGRAPH_SHARED").filter(|v| !v.is_empty()) {
        Some(d) => PathBuf::from(d),
        None => crate::common::root().join("../shared"),
    }
}

/// A word list by file name: the copy shipped in `lexicons/` (ENABLE, the
/// Spanish list, wordlist-en), else the shared one (SOWPODS, Polish).
/// Panics with a clear message when it is missing, so a test never passes
/// vacuously.
pub fn word_list(name: &str) -> PathBuf {
    let local = crate::common::root().join("lexicons").join(name);
    if local.is_file() {
        return local;
    }
    let p = shared_dir().join("lexicons").join(name);
    assert!(
        p.is_file(),
        "word list {name} is not in lexicons/ and {} is missing; set LEXGRAPH_SHARED \
         to a directory containing lexicons/",
        p.display()
    );
    p
}

/// A reference-position file by name: the ENABLE ones shipped in
/// `tests/data/positions/`, else the shared ones (SOWPODS).
pub fn positions_file(name: &str) -> PathBuf {
    let local = crate::common::root()
        .join("tests/data/positions")
        .join(name);
    if local.is_file() {
        return local;
    }
    let p = shared_dir().join("positions").join(name);
    assert!(
        p.is_file(),
        "reference file {name} is not in tests/data/positions/ and {} is missing; set \
         LEXGRAPH_SHARED to a directory containing positions/",
        p.display()
    );
    p
}

/// An alphabet of `n` tiles labelled `A`, `B`, ... (plus the blank).
pub fn small_alphabet(n: usize) -> Alphabet {
    assert!((1..=26).contains(&n));
    let mut text = String::from("? 0 2 0\n");
    for i in 0..n {
        let c = (b'A' + i as u8) as char;
        text.push_str(&format!("{c} 1 1 {}\n", (i == 0) as u8));
    }
    Alphabet::parse("t", &text, "t").expect("test alphabet parses")
}

/// One edge for [`RawFile`]: (tile, terminal, last, target).
pub type RawEdge = (u64, bool, bool, u64);

/// The file format as `formats/lexicon.md` describes it, written independently
/// of `src/format.rs`: header fields, the alphabet section and packed edges.
#[derive(Clone, Debug)]
pub struct RawFile {
    pub major: u16,
    pub minor: u16,
    pub kind: u8,
    pub tile_bits: u8,
    pub target_bits: u8,
    pub reserved15: u8,
    pub words: u64,
    pub nodes: u64,
    pub max_word_len: u16,
    pub reserved42: u16,
    /// The alphabet section's bytes.
    pub alphabet: Vec<u8>,
    /// Overrides the header's alphabet length (default: `alphabet.len()`).
    pub alphabet_len: Option<u32>,
    /// Overrides the edge-array offset (default: end of alphabet rounded up to 8).
    pub edges_offset: Option<u64>,
    /// Overrides the header's edge count (default: `edges.len()`).
    pub edge_count: Option<u64>,
    /// (tile, terminal, last, target) per edge.
    pub edges: Vec<RawEdge>,
}

impl RawFile {
    /// A DAWG file with the given alphabet and edges, every field consistent.
    pub fn new(kind: u8, alphabet: Vec<u8>, edges: Vec<RawEdge>, tiles: usize) -> RawFile {
        let n = edges.len() as u64;
        RawFile {
            major: 1,
            minor: 0,
            kind,
            tile_bits: bits_for(tiles as u64) as u8,
            target_bits: bits_for(n.saturating_sub(1)) as u8,
            reserved15: 0,
            words: 0,
            nodes: 0,
            max_word_len: 0,
            reserved42: 0,
            alphabet,
            alphabet_len: None,
            edges_offset: None,
            edge_count: None,
            edges,
        }
    }

    /// The file's bytes, checksum included.
    pub fn encode(&self) -> Vec<u8> {
        let alpha_len = self.alphabet.len();
        let offset = self
            .edges_offset
            .unwrap_or((64 + alpha_len as u64).div_ceil(8) * 8) as usize;
        let edge_bits = self.tile_bits as usize + 2 + self.target_bits as usize;
        let n = self.edges.len();
        let edge_bytes = (n * edge_bits).div_ceil(8) + 8;
        let mut out = vec![0u8; offset.max(64 + alpha_len) + edge_bytes];
        out[64..64 + alpha_len].copy_from_slice(&self.alphabet);
        // Bit i of the edge array is bit (i % 8) of byte offset + i / 8.
        for (k, &(tile, terminal, last, target)) in self.edges.iter().enumerate() {
            let t = self.tile_bits as usize;
            let fields = [
                (tile, t),
                (terminal as u64, 1),
                (last as u64, 1),
                (target, self.target_bits as usize),
            ];
            let mut bit = k * edge_bits;
            for (value, width) in fields {
                for b in 0..width {
                    if value >> b & 1 == 1 {
                        out[offset + (bit + b) / 8] |= 1 << ((bit + b) % 8);
                    }
                }
                bit += width;
            }
        }
        out[0..8].copy_from_slice(b"LEXGRAPH");
        out[8..10].copy_from_slice(&self.major.to_le_bytes());
        out[10..12].copy_from_slice(&self.minor.to_le_bytes());
        out[12] = self.kind;
        out[13] = self.tile_bits;
        out[14] = self.target_bits;
        out[15] = self.reserved15;
        out[16..24].copy_from_slice(&self.words.to_le_bytes());
        out[24..32].copy_from_slice(&self.nodes.to_le_bytes());
        out[32..40].copy_from_slice(&self.edge_count.unwrap_or(n as u64).to_le_bytes());
        out[40..42].copy_from_slice(&self.max_word_len.to_le_bytes());
        out[42..44].copy_from_slice(&self.reserved42.to_le_bytes());
        out[44..48].copy_from_slice(&self.alphabet_len.unwrap_or(alpha_len as u32).to_le_bytes());
        out[48..56].copy_from_slice(&(offset as u64).to_le_bytes());
        fix_checksum(&mut out);
        out
    }
}

/// Bits needed for every value in `0..=max`, at least 1.
pub fn bits_for(max: u64) -> u32 {
    (64 - max.leading_zeros()).max(1)
}

/// Rewrites the header checksum (offset 56) to match bytes `[64, end)`.
/// Runs `f` on a thread of its own and fails the test if it has not
/// returned after `secs` seconds (a hang on a damaged file).
pub fn within<T: Send + 'static>(
    secs: u64,
    what: &str,
    f: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    let handle = std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(std::time::Duration::from_secs(secs)) {
        Ok(v) => v,
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            panic!("{what}: still running after {secs} s (hang?)")
        }
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => match handle.join() {
            Err(e) => std::panic::resume_unwind(e),
            Ok(()) => unreachable!(),
        },
    }
}

pub fn fix_checksum(bytes: &mut [u8]) {
    let sum = xxhash_rust::xxh3::xxh3_64(&bytes[64..]);
    bytes[56..64].copy_from_slice(&sum.to_le_bytes());
}

/// Encodes an alphabet section: name, tile count (blank included), per tile
/// label/score/count/vowel, fold count, folds. Strings are a length byte then UTF-8.
pub fn alphabet_section(
    name: &str,
    tiles: &[(&str, u8, u8, u8)],
    folds: &[(&str, &str)],
) -> Vec<u8> {
    let mut v = Vec::new();
    let s = |v: &mut Vec<u8>, s: &str| {
        v.push(s.len() as u8);
        v.extend_from_slice(s.as_bytes());
    };
    s(&mut v, name);
    v.push(tiles.len() as u8);
    for &(label, score, count, vowel) in tiles {
        s(&mut v, label);
        v.extend_from_slice(&[score, count, vowel]);
    }
    v.push(folds.len() as u8);
    for &(from, to) in folds {
        s(&mut v, from);
        s(&mut v, to);
    }
    v
}

/// Tiles of an ASCII word in an alphabet (panics if it cannot be spelled).
pub fn tiles(alphabet: &Alphabet, word: &str) -> Vec<Tile> {
    // Words as printed carry multi-character tiles in brackets ([CH]ORRO).
    alphabet
        .parse_tiles(
            word,
            lexgraph::alphabet::Spelling::Word,
            lexgraph::alphabet::Blanks::Refused,
        )
        .unwrap_or_else(|e| panic!("{word:?}: {e}"))
}
