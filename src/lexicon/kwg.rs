//! A KWG file read in place as lexicons ([`Kwg`]): the array checked once
//! at open (`format::kwg`), then its DAWG and GADDAG read by every query
//! and both move generators as lexgraph's own files are.

use super::*;

/// A KWG file (the word graph of wolges, MAGPIE and Macondo), read in place:
/// its DAWG and, in the GADDAWG layout, its GADDAG, each a [`Lexicon`] that
/// every query and both move generators read as they read lexgraph's own
/// files. A KWG names no alphabet: tile `t` is the alphabet's `t`-th letter
/// (English: 1 = A), so the opener says which alphabet it is in.
///
/// Opening checks the whole array once (O(nodes), no recursion; see
/// `format::kwg`): every arc inside the array, every sibling list ended and
/// sorted, tiles inside the alphabet, no cycle. A file that fails is
/// refused with [`Error::BadFile`] naming the node; one that passes cannot
/// make a walk loop or read out of bounds.
///
/// ```
/// use lexgraph::{kwg, Alphabet, Generator, Kwg, Options, Position, Rules};
///
/// let a = Alphabet::english();
/// let words: Vec<Vec<u8>> = ["AT", "CAT", "TA"].iter().map(|w| a.tokenize(w).unwrap()).collect();
/// let bytes = kwg::to_bytes(&kwg::gaddawg(&words, kwg::NodeOrder::Wolges)?);
/// let file = Kwg::from_vec(bytes, &a)?;
/// assert!(file.contains("CAT") && !file.contains("ACT"));
/// assert_eq!(file.dawg().words().collect::<Vec<_>>(), ["AT", "CAT", "TA"]);
/// // Moves straight from the file's GADDAG.
/// let pos = Position::parse_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ACT/ 0/0 0", &a, 15)?;
/// let moves = Generator::new(Rules::default()).generate_vec(file.gaddag().unwrap(), &pos.board, pos.rack(), &Options::default());
/// assert_eq!(moves[0].notation(&a), "8F CAT");
/// # Ok::<(), lexgraph::Error>(())
/// ```
#[derive(Debug)]
pub struct Kwg {
    dawg: Lexicon,
    gaddag: Option<Lexicon>,
    info: format::kwg::KwgInfo,
}

impl Kwg {
    /// Memory-maps a KWG and checks it (see [`Lexicon::open`] for what
    /// mapping asks of the file).
    pub fn open(path: impl AsRef<Path>, alphabet: &Alphabet) -> Result<Kwg> {
        let path = path.as_ref();
        Kwg::from_data(map_file(path)?, path.display().to_string(), alphabet)
    }

    /// Reads a KWG file into memory and checks it: safe from the file
    /// being truncated or rewritten while in use (see [`Lexicon::read`]).
    pub fn read(path: impl AsRef<Path>, alphabet: &Alphabet) -> Result<Kwg> {
        let path = path.as_ref();
        Kwg::from_data(read_file(path)?, path.display().to_string(), alphabet)
    }

    /// Reads a KWG from an owned buffer.
    pub fn from_vec(bytes: Vec<u8>, alphabet: &Alphabet) -> Result<Kwg> {
        Kwg::from_data(Data::Owned(bytes), "<buffer>".into(), alphabet)
    }

    /// Reads a KWG from bytes that live for the whole program.
    pub fn from_bytes(bytes: &'static [u8], alphabet: &Alphabet) -> Result<Kwg> {
        Kwg::from_data(Data::Static(bytes), "<bytes>".into(), alphabet)
    }

    pub(super) fn from_data(data: Data, origin: String, alphabet: &Alphabet) -> Result<Kwg> {
        let max_tile = alphabet.len() as Tile;
        let info = format::kwg::check(data.bytes(), &origin, max_tile)?;
        let data = std::sync::Arc::new(data);
        let arc_bits = match info.layout {
            format::kwg::KwgLayout::Arcs22 => 22,
            format::kwg::KwgLayout::Arcs24 => 24,
        };
        let part = |kind: Kind, root: u32| Lexicon {
            data: Data::Shared(data.clone()),
            header: Header {
                major: 0,
                minor: 0,
                kind,
                tile_bits: 8 - 2 * (arc_bits == 24) as u8,
                target_bits: arc_bits,
                words: info.words,
                nodes: info.lists,
                edges: info.nodes as u64,
                max_word_len: info.longest.min(u16::MAX as u32) as u16,
                alphabet_len: alphabet.len() as u32,
                edges_offset: 0,
                checksum: 0,
                list_id: None,
                anagrams: None,
            },
            alphabet: alphabet.clone(),
            origin: origin.clone(),
            kwg: Some((arc_bits, root)),
            top: std::sync::OnceLock::new(),
            anagrams: std::sync::OnceLock::new(),
            stored_anagrams: None,
            searches: std::sync::atomic::AtomicU32::new(0),
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        };
        Ok(Kwg {
            dawg: part(Kind::Dawg, info.dawg_root),
            gaddag: info.gaddag_root.map(|g| part(Kind::Gaddag, g)),
            info,
        })
    }

    /// The DAWG part: word queries, and Appel & Jacobson's move generation.
    pub fn dawg(&self) -> &Lexicon {
        &self.dawg
    }

    /// The GADDAG part of a GADDAWG (`None` in a DAWG-only file): Gordon's
    /// move generation.
    pub fn gaddag(&self) -> Option<&Lexicon> {
        self.gaddag.as_ref()
    }

    /// The part move generation runs fastest on: the GADDAG if there is
    /// one, else the DAWG.
    pub fn best(&self) -> &Lexicon {
        self.gaddag.as_ref().unwrap_or(&self.dawg)
    }

    /// Whether `word` is a word (see [`Lexicon::contains`]).
    pub fn contains(&self, word: &str) -> bool {
        self.dawg.contains(word)
    }

    /// Number of words.
    pub fn word_count(&self) -> u64 {
        self.info.words
    }

    /// Nodes in the array.
    pub fn nodes(&self) -> u32 {
        self.info.nodes
    }

    /// Whether the file uses the 24-bit ("big") node layout.
    pub fn is_big(&self) -> bool {
        self.info.layout == format::kwg::KwgLayout::Arcs24
    }

    /// Every word as tiles, sorted (the file's order).
    pub fn word_tiles(&self) -> Vec<Vec<Tile>> {
        format::kwg::word_tiles(self.dawg.bytes(), self.info.layout, self.info.dawg_root)
    }

    /// Where the file came from.
    pub fn origin(&self) -> &str {
        self.dawg.origin()
    }

    /// The full check `lexgraph verify` runs, beyond what opening checked:
    /// every node no root reaches must be padding (`format::kwg::verify`),
    /// and a GADDAG must hold exactly the DAWG's words: every split of
    /// every word a path, and no other accepting path. O(nodes + the
    /// squares of the word lengths). A fault is [`Error::BadFile`].
    pub fn verify(&self) -> Result<format::kwg::KwgReport> {
        let a = self.dawg.alphabet();
        let report = format::kwg::verify(self.dawg.bytes(), self.origin(), a.len() as Tile)?;
        let Some(g) = &self.gaddag else {
            return Ok(report);
        };
        // The GADDAG's root is node 1's arc: faults are named there.
        let bad = |msg: String| Error::BadFile {
            origin: self.origin().to_string(),
            offset: 4,
            msg: format!("KWG node 1 (the GADDAG's root): {msg}"),
        };
        // Counted at open: a GADDAG with more or fewer accepting paths than
        // the words have tiles is refused before any word is read.
        let paths = report.info.tiles;
        if report.info.gaddag_paths != paths {
            return Err(bad(format!(
                "{} accepting paths where the DAWG's {} words make {paths}: \
                 the GADDAG does not hold every split of every word and nothing else",
                report.info.gaddag_paths, report.info.words
            )));
        }
        for w in self.word_tiles() {
            if let Some(split) = (1..=w.len()).find(|&s| !g.has_split_path(&w, s)) {
                return Err(bad(format!(
                    "no path for {} split after {split} of its tiles",
                    a.spell(&w)
                )));
            }
        }
        Ok(report)
    }
}

impl Kwg {
    /// The DAWG and the GADDAG (if any) as lexicons of their own, which
    /// keep the file open between them.
    pub fn into_parts(self) -> (Lexicon, Option<Lexicon>) {
        (self.dawg, self.gaddag)
    }
}
