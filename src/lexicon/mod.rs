//! Mapped lexicons: open a compiled file and read it in place.
//!
//! [`Lexicon::open`] memory-maps a file, checks its 64-byte header and reads
//! the small embedded alphabet; the edge array is never copied or parsed.
//! Opening therefore costs the same for a 400 KB DAWG and a 20 MB GADDAG.
//! Every later read of the edge array goes through one internal reader,
//! which checks each index it follows, so even a corrupt file cannot make a traversal read
//! out of bounds or loop. [`Lexicon::verify`] additionally checks the
//! checksum and the whole structure.
//!
//! Move generation's first use of a lexicon builds one small index, of the
//! root and the nodes right after it (`Lexicon::top_index`: about fifty
//! nodes, some 50 µs with the page faults of a fresh mapping, the same for
//! any file size); nothing else is ever built from the edges.
//!
//! ```no_run
//! use lexgraph::{Dawg, Gaddag};
//! let gaddag = Gaddag::open("out/enable.gaddag")?;
//! assert!(gaddag.contains("QAT"));
//! let dawg = Dawg::open("out/enable.dawg")?;
//! assert!(!dawg.contains("XYZZY"));
//! # Ok::<(), lexgraph::Error>(())
//! ```
//!
//! Data embedded in a program works the same way:
//!
//! ```
//! use lexgraph::{Alphabet, Dawg, WordList, compile};
//! let words = WordList::parse(b"qi\nza\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse).unwrap();
//! let files = compile::compile(&words);
//! let bytes: &'static [u8] = Box::leak(files.dawg.into_boxed_slice()); // e.g. include_bytes!
//! let dawg = Dawg::from_bytes(bytes).unwrap();
//! assert!(dawg.contains("za") && !dawg.contains("zo"));
//! ```

pub mod anagrams;
pub mod format;
pub mod frequency;
mod kwg;
pub mod query;
pub mod study;

pub use kwg::Kwg;

mod files;
pub(crate) use files::{map_file, read_file};

use std::fmt;
use std::ops::Deref;
use std::path::Path;

use crate::alphabet::{Alphabet, Blanks, Spelling, Tile};
use crate::anagrams::{AnagramIndex, SectionShape};
use crate::error::{Corruption, Error, Result};
use crate::format::{Edges, Header, Kind, TopIndex};

/// Best-move searches a lexicon serves before it builds its anagram index
/// ([`Lexicon::anagram_index`]): the index costs as much as some thousand
/// searches save, so a single query does not build it.
pub const AUTO_INDEX_AFTER: u32 = 1000;

/// File bytes: mapped, static or owned.
pub(crate) enum Data {
    Mmap(memmap2::Mmap),
    Static(&'static [u8]),
    Owned(Vec<u8>),
    /// One file read through two lexicons (a KWG's DAWG and GADDAG).
    Shared(std::sync::Arc<Data>),
}

impl Data {
    pub(crate) fn bytes(&self) -> &[u8] {
        match self {
            Data::Mmap(m) => m,
            Data::Static(s) => s,
            Data::Owned(v) => v,
            Data::Shared(d) => d.bytes(),
        }
    }
}

/// A compiled lexicon file (DAWG or GADDAG), mapped or borrowed, read in place.
pub struct Lexicon {
    data: Data,
    header: Header,
    alphabet: Alphabet,
    origin: String,
    /// A KWG's part: its arc width (22 or 24) and root list; `None` for a
    /// lexgraph file.
    kwg: Option<(u8, u32)>,
    /// Built on first use by move generation.
    top: std::sync::OnceLock<TopIndex>,
    /// The anagram index's section when the file has none: built on
    /// request, or by the best-move search once it has run
    /// [`AUTO_INDEX_AFTER`] times without it.
    anagrams: std::sync::OnceLock<Vec<u8>>,
    /// The file's own anagram index: its offset in the file and its parts.
    stored_anagrams: Option<(usize, SectionShape)>,
    /// Best-move searches run without the anagram index.
    searches: std::sync::atomic::AtomicU32,
    /// Unique to this value (never reused in the process): what a
    /// generator's caches of results computed from this lexicon are kept
    /// under (see [`crate::crosscheck::CrossCache`]).
    id: u64,
}

/// The index of a section this process built (its shape checked again:
/// cheap, and one path for built and stored sections alike).
fn built_view(section: &[u8]) -> AnagramIndex<'_> {
    match crate::anagrams::check_section(section, 0) {
        Ok(shape) => shape.view(section),
        Err(_) => AnagramIndex::UNUSABLE,
    }
}

/// The next [`Lexicon`]'s `id`.
static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl fmt::Debug for Lexicon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Lexicon")
            .field("origin", &self.origin)
            .field("header", &self.header)
            .finish()
    }
}

impl Lexicon {
    /// Memory-maps `path` and checks its header (O(1) in the file size).
    ///
    /// The file must not be truncated or rewritten in place while the
    /// lexicon is in use: the system then takes pages away from the
    /// mapping, and the next read of one kills the process with `SIGBUS`
    /// (bounds checks cannot help: the length was right when mapped).
    /// Replacing the file by rename, as `lexgraph compile` and
    /// `compile::write_atomic` do, is safe: the mapping keeps the
    /// old file. A program that cannot rule that out should use
    /// [`Lexicon::read`], which copies the file into memory; the `lexgraph`
    /// command turns the signal into an error message.
    pub fn open(path: impl AsRef<Path>) -> Result<Lexicon> {
        let path = path.as_ref();
        let origin = path.display().to_string();
        Lexicon::from_data(map_file(path)?, origin)
    }

    /// Reads a whole file into memory and checks its header: for programs
    /// that cannot rule out the file being truncated or rewritten in place
    /// while they use it (see [`Lexicon::open`]). Costs a read of the file
    /// (milliseconds for a 20 MB GADDAG) and its size in memory.
    pub fn read(path: impl AsRef<Path>) -> Result<Lexicon> {
        let path = path.as_ref();
        Lexicon::from_data(read_file(path)?, path.display().to_string())
    }

    /// Reads a lexicon from bytes that live for the whole program, such as
    /// `include_bytes!` data. No copy is made.
    pub fn from_bytes(bytes: &'static [u8]) -> Result<Lexicon> {
        Lexicon::from_data(Data::Static(bytes), "<bytes>".into())
    }

    /// Reads a lexicon from an owned buffer.
    pub fn from_vec(bytes: Vec<u8>) -> Result<Lexicon> {
        Lexicon::from_data(Data::Owned(bytes), "<buffer>".into())
    }

    fn from_data(data: Data, origin: String) -> Result<Lexicon> {
        let (header, alphabet) = format::parse_header(data.bytes()).map_err(|problem| {
            if problem == Corruption::BadMagic && format::kwg::looks_like_kwg(data.bytes()) {
                return Error::BadFile {
                    origin: origin.clone(),
                    offset: 0,
                    msg: "a KWG file (wolges / MAGPIE), not a lexgraph file: open it with \
                          `Kwg::open`, or convert it with `lexgraph import`"
                        .into(),
                };
            }
            Error::BadLexicon {
                origin: origin.clone(),
                problem,
            }
        })?;
        let stored_anagrams = match header.anagrams {
            Some((offset, len)) => {
                // `parse_header` checked that the range lies in the file.
                let (start, len) = (offset as usize, len as usize);
                let bytes = &data.bytes()[start..start + len];
                let shape = crate::anagrams::check_section(bytes, offset).map_err(|problem| {
                    Error::BadLexicon {
                        origin: origin.clone(),
                        problem,
                    }
                })?;
                Some((start, shape))
            }
            None => None,
        };
        Ok(Lexicon {
            data,
            header,
            alphabet,
            origin,
            kwg: None,
            top: std::sync::OnceLock::new(),
            anagrams: std::sync::OnceLock::new(),
            stored_anagrams,
            searches: std::sync::atomic::AtomicU32::new(0),
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        })
    }

    /// Opens a lexgraph file, or a KWG file in place (see [`Kwg`]), its
    /// tiles read in `alphabet` (a lexgraph file carries its own): the
    /// KWG's GADDAG, or its DAWG when `kind` asks for one or it has no
    /// GADDAG. What a program that takes "a lexicon" from its user calls.
    pub fn open_any(
        path: impl AsRef<Path>,
        alphabet: &Alphabet,
        kind: Option<Kind>,
    ) -> Result<Lexicon> {
        let path = path.as_ref();
        Lexicon::any_from_data(map_file(path)?, path.display().to_string(), alphabet, kind)
    }

    /// [`Lexicon::open_any`] reading the file into memory, as
    /// [`Lexicon::read`] does: safe from the file being truncated or
    /// rewritten while in use.
    pub fn read_any(
        path: impl AsRef<Path>,
        alphabet: &Alphabet,
        kind: Option<Kind>,
    ) -> Result<Lexicon> {
        let path = path.as_ref();
        Lexicon::any_from_data(read_file(path)?, path.display().to_string(), alphabet, kind)
    }

    /// [`Lexicon::open_any`] for bytes in memory (a file a browser page
    /// was given, a download): a lexgraph file, or a KWG file's GADDAG (its
    /// DAWG when `kind` asks for one or it has no GADDAG), its tiles read
    /// in `alphabet`. `origin` names the bytes in errors.
    pub fn any_from_vec(
        bytes: Vec<u8>,
        origin: &str,
        alphabet: &Alphabet,
        kind: Option<Kind>,
    ) -> Result<Lexicon> {
        Lexicon::any_from_data(Data::Owned(bytes), origin.to_string(), alphabet, kind)
    }

    fn any_from_data(
        data: Data,
        origin: String,
        alphabet: &Alphabet,
        kind: Option<Kind>,
    ) -> Result<Lexicon> {
        if format::kwg::looks_like_kwg(data.bytes()) && format::parse_header(data.bytes()).is_err()
        {
            let (dawg, gaddag) = Kwg::from_data(data, origin, alphabet)?.into_parts();
            return Ok(match (kind, gaddag) {
                (Some(Kind::Dawg), _) | (_, None) => dawg,
                (_, Some(g)) => g,
            });
        }
        Lexicon::from_data(data, origin)
    }

    /// Whether this is a part of a KWG file (see [`Kwg`]) rather than a
    /// lexgraph file.
    pub fn is_kwg(&self) -> bool {
        self.kwg.is_some()
    }

    /// The whole file.
    pub fn bytes(&self) -> &[u8] {
        self.data.bytes()
    }

    /// Where the lexicon came from (a path, or `<bytes>`).
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The decoded header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// DAWG or GADDAG.
    pub fn kind(&self) -> Kind {
        self.header.kind
    }

    /// The embedded alphabet.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// Number of words.
    pub fn word_count(&self) -> u64 {
        self.header.words
    }

    /// Identifier of the word list compiled into this file (see
    /// [`Header::list_id`]); `None` in a 1.0 file.
    pub fn list_id(&self) -> Option<u64> {
        self.header.list_id
    }

    /// Indexes of the root and the nodes right after it (see
    /// [`TopIndex`]), built on the first call, once: about fifty nodes,
    /// some 50 µs on a freshly mapped file (mostly page faults), whatever
    /// the file's size.
    pub(crate) fn top_index(&self) -> &TopIndex {
        self.top.get_or_init(|| TopIndex::new(&self.edges()))
    }

    /// This lexicon's identity in the process: no other [`Lexicon`] value
    /// has it, even after this one is dropped.
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// The multisets of the words of 2 to 8 letters and the words of 2 to
    /// 10 by multiset (see [`crate::anagrams`]): read in place from a file
    /// compiled with it (`lexgraph compile --anagram-index`), else built on
    /// the first call, once: one walk of the paths of up to 10 tiles, about
    /// 0.12 s and 15 MB for SOWPODS. The best-move search
    /// ([`crate::Generator::best`]) bounds its work more tightly with it;
    /// without a stored index it builds one itself after
    /// [`AUTO_INDEX_AFTER`] searches, so a program that runs many may call
    /// this first instead, and one that runs a few never pays for it.
    pub fn anagram_index(&self) -> AnagramIndex<'_> {
        if let Some((start, shape)) = &self.stored_anagrams {
            return shape.view(&self.bytes()[*start..]);
        }
        let section = self.anagrams.get_or_init(|| {
            crate::anagrams::build_section(
                &self.edges(),
                self.alphabet.len(),
                self.kind() == Kind::Gaddag,
                // One more, so that a file holding exactly its count passes.
                self.header.words.saturating_add(1),
            )
        });
        built_view(section)
    }

    /// Whether the file carries its own anagram index (read in place, never
    /// built).
    pub fn has_stored_anagram_index(&self) -> bool {
        self.stored_anagrams.is_some()
    }

    /// The anagram index for a best-move search: if stored or built, or
    /// once this lexicon has served [`AUTO_INDEX_AFTER`] searches without
    /// it.
    pub(crate) fn anagram_index_for_search(&self) -> Option<AnagramIndex<'_>> {
        if self.stored_anagrams.is_some() {
            return Some(self.anagram_index());
        }
        if let Some(section) = self.anagrams.get() {
            return Some(built_view(section));
        }
        let n = self
            .searches
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        (n >= AUTO_INDEX_AFTER).then(|| self.anagram_index())
    }

    /// The root node, to walk the automaton edge by edge (see [`Node`]).
    pub fn root(&self) -> Node<'_> {
        Node {
            edges: self.edges(),
            first: 0,
        }
    }

    /// The edge array, read in place.
    #[inline]
    pub(crate) fn edges(&self) -> Edges<'_> {
        if let Some((arc_bits, root)) = self.kwg {
            return Edges::kwg(self.bytes(), arc_bits, root, self.alphabet.len() as Tile);
        }
        let h = &self.header;
        if h.masked() {
            return Edges::masked(
                &self.bytes()[h.edges_offset as usize..],
                h.edges as u32,
                self.alphabet.len() as Tile,
            );
        }
        Edges::new(
            &self.bytes()[h.edges_offset as usize..],
            h.edges as u32,
            h.tile_bits as u32,
            h.target_bits as u32,
            self.alphabet.len() as Tile,
        )
    }

    /// Checks the checksum, then the whole structure: every edge, and that the
    /// word count and longest word match the header. O(file size).
    pub fn verify(&self) -> Result<()> {
        if self.kwg.is_some() {
            // The array's whole structure (`Kwg::verify` also checks the
            // GADDAG against the DAWG).
            format::kwg::verify(self.bytes(), &self.origin, self.alphabet.len() as Tile)?;
            return Ok(());
        }
        let bad = |problem| Error::BadLexicon {
            origin: self.origin.clone(),
            problem,
        };
        // The checksum covers the payload, not the header: the header bytes
        // with a fixed value in the file's version are checked here (later
        // minor versions may use them, so `open` ignores them). 1.0: all
        // reserved bytes 0; 1.1 and 2.0 (this writer): flags "identifier
        // present".
        let expected: &[(usize, u8)] = match (self.header.major, self.header.minor) {
            (1, 0) => &[(15, 0), (42, 0), (43, 0)],
            (1, 1) | (2, 0) => &[(15, format::FLAG_LIST_ID), (42, 0), (43, 0)],
            (1, 2) | (2, 1) if self.header.anagrams.is_some() => &[
                (15, format::FLAG_LIST_ID | format::FLAG_ANAGRAMS),
                (42, 0),
                (43, 0),
            ],
            (1, 2) | (2, 1) => &[(15, format::FLAG_LIST_ID), (42, 0), (43, 0)],
            _ => &[],
        };
        let b = self.bytes();
        for &(offset, want) in expected {
            if b.get(offset).is_some_and(|&v| v != want) {
                let (major, minor) = (self.header.major, self.header.minor);
                return Err(bad(Corruption::Header {
                    offset: offset as u64,
                    what: format!(
                        "reserved or flags byte is {}, must be {want} in a {major}.{minor} file",
                        b[offset]
                    ),
                }));
            }
        }
        let actual = format::payload_checksum(self.bytes());
        if actual != self.header.checksum {
            return Err(bad(Corruption::Checksum {
                expected: self.header.checksum,
                actual,
            }));
        }
        format::check_edges(&self.header, self.bytes(), self.alphabet.len()).map_err(bad)?;
        let edges = self.edges();
        let (words, longest) = if self.header.masked() {
            count_words_masked(&edges, self.kind())
        } else {
            count_words(&edges, self.kind())
        };
        let field = |offset, what| bad(Corruption::Header { offset, what });
        if words != self.header.words {
            return Err(field(
                16,
                format!(
                    "header says {} words, the automaton holds {words}",
                    self.header.words
                ),
            ));
        }
        if longest != self.header.max_word_len as u64 {
            return Err(field(
                40,
                format!(
                    "header says the longest word has {} tiles, the automaton's has {longest}",
                    self.header.max_word_len
                ),
            ));
        }
        if let Some((start, shape)) = &self.stored_anagrams {
            // The stored index must say what the edges spell: built again
            // and compared entry by entry (its table layout may differ).
            let built = crate::anagrams::build_section(
                &edges,
                self.alphabet.len(),
                self.kind() == Kind::Gaddag,
                self.header.words.saturating_add(1),
            );
            let stored = shape.view(&self.bytes()[*start..]);
            crate::anagrams::same_index(stored, built_view(&built))
                .map_err(|what| field(*start as u64, format!("anagram index: {what}")))?;
        }
        Ok(())
    }

    /// Whether `word` (text in the lexicon's alphabet, spelled as word lists
    /// are, `[CH]` brackets allowed) is a word.
    pub fn contains(&self, word: &str) -> bool {
        match self
            .alphabet
            .parse_tiles(word, Spelling::Word, Blanks::Refused)
        {
            Ok(t) => self.contains_tiles(&t),
            Err(_) => false,
        }
    }

    /// Whether a tile sequence is a word.
    #[inline]
    pub fn contains_tiles(&self, word: &[Tile]) -> bool {
        let edges = self.edges();
        let mut node = 0u32;
        let mut terminal = false;
        let mut first = true;
        let mut go = |t: Tile| {
            let ok = step(&edges, &mut node, &mut terminal, t, first);
            first = false;
            ok
        };
        // A DAWG reads the word forwards; a GADDAG reads it reversed (the path
        // rev(w), which has no separator).
        let ok = match self.kind() {
            Kind::Dawg => word.iter().all(|&t| go(t)),
            Kind::Gaddag => word.iter().rev().all(|&t| go(t)),
        };
        ok && !word.is_empty() && terminal
    }
}

impl Lexicon {
    /// For a GADDAG: whether `rev(word[..split]) ◇ word[split..]` is an
    /// accepted path (for `split == word.len()`, the path `rev(word)`).
    /// Always false for a DAWG or an out-of-range split.
    pub fn has_split_path(&self, word: &[Tile], split: usize) -> bool {
        if self.kind() != Kind::Gaddag || split == 0 || split > word.len() {
            return false;
        }
        let edges = self.edges();
        let (mut node, mut terminal, mut first) = (0u32, false, true);
        for &t in word[..split].iter().rev() {
            if !step(&edges, &mut node, &mut terminal, t, first) {
                return false;
            }
            first = false;
        }
        if split == word.len() {
            return terminal;
        }
        match edges.separator(node) {
            Some(sep) => node = sep.target,
            None => return false,
        }
        for &t in &word[split..] {
            if !step(&edges, &mut node, &mut terminal, t, false) {
                return false;
            }
        }
        terminal
    }
}

/// The file of `kind` beside `path`: `x.dawg` for `x.gaddag` and the other
/// way round (the extension replaced, as `lexgraph compile` names a pair).
pub fn sibling_path(path: &Path, kind: Kind) -> std::path::PathBuf {
    path.with_extension(kind.extension())
}

/// Checks that `dawg` and `gaddag` are a pair: a DAWG and a GADDAG compiled
/// from the same word list, so that they give the same moves. Files of
/// format 1.1 carry the word list's identifier ([`Lexicon::list_id`]) and
/// must have the same; with a 1.0 file on either side, only the alphabet,
/// the word count and the longest word can be compared. O(1).
///
/// A pair can come apart when a compile is killed between its two renames,
/// or when a file is copied over one of the two.
///
/// ```
/// use lexgraph::{compile, lexicon::check_pair, Alphabet, Lexicon, WordList};
/// let a = Alphabet::english();
/// let one = compile::compile(&WordList::parse(b"qi\nza\n", "one", &a, lexgraph::Invalid::Refuse)?);
/// let two = compile::compile(&WordList::parse(b"qi\nzo\n", "two", &a, lexgraph::Invalid::Refuse)?);
/// let dawg = Lexicon::from_vec(one.dawg)?;
/// check_pair(&dawg, &Lexicon::from_vec(one.gaddag)?)?;
/// let err = check_pair(&dawg, &Lexicon::from_vec(two.gaddag)?).unwrap_err();
/// assert!(err.to_string().contains("were compiled from different word lists"));
/// # Ok::<(), lexgraph::Error>(())
/// ```
pub fn check_pair(dawg: &Lexicon, gaddag: &Lexicon) -> Result<()> {
    for (lex, kind) in [(dawg, Kind::Dawg), (gaddag, Kind::Gaddag)] {
        if lex.kind() != kind {
            return Err(Error::WrongKind {
                origin: lex.origin.clone(),
                found: lex.kind(),
                expected: kind,
            });
        }
    }
    let (d, g) = (dawg.header(), gaddag.header());
    let why = match (d.list_id, g.list_id) {
        (Some(a), Some(b)) if a != b => {
            Some(format!("word-list identifiers {a:016x} and {b:016x}"))
        }
        (Some(_), Some(_)) => None,
        _ if dawg.alphabet != gaddag.alphabet => Some(format!(
            "alphabets {} and {}",
            dawg.alphabet.name(),
            gaddag.alphabet.name()
        )),
        _ if d.words != g.words => Some(format!("{} and {} words", d.words, g.words)),
        _ if d.max_word_len != g.max_word_len => Some(format!(
            "longest words of {} and {} tiles",
            d.max_word_len, g.max_word_len
        )),
        _ => None,
    };
    match why {
        None => Ok(()),
        Some(why) => Err(Error::NotAPair {
            dawg: dawg.origin.clone(),
            gaddag: gaddag.origin.clone(),
            why,
        }),
    }
}

/// One step of a walk: follows `t` from `node` (the root when `first`).
/// `node == 0` after the first step means the previous arc had no children.
#[inline]
fn step(edges: &Edges<'_>, node: &mut u32, terminal: &mut bool, t: Tile, first: bool) -> bool {
    if t == 0 || (!first && *node == 0) {
        return false;
    }
    match edges.child(*node, t) {
        Some(a) => {
            *terminal = a.terminal;
            *node = a.target;
            true
        }
        None => false,
    }
}

/// Counts accepted words and the longest one by dynamic programming over the
/// DAG (each node once). For a GADDAG, words are the separator-free paths.
fn count_words(edges: &Edges<'_>, kind: Kind) -> (u64, u64) {
    let n = edges.len();
    if n == 0 {
        return (0, 0);
    }
    // Per edge index i: words and longest word accepted through the edges
    // from i to the end of its list, so the entry at a node's first edge
    // covers the node (and a target into the middle of a list, which only a
    // corrupt file has, still reads a finite value). Nodes are laid out
    // parents first, so a reverse scan sees children before parents.
    let mut words = vec![0u64; n];
    let mut longest = vec![0u64; n];
    let mut i = n;
    let mut acc_w = 0u64;
    let mut acc_l = 0u64;
    while i > 0 {
        i -= 1;
        let a = edges.arc(i as u32).unwrap();
        if a.last {
            acc_w = 0;
            acc_l = 0;
        }
        let counts_here = !(kind == Kind::Gaddag && a.tile == 0);
        if counts_here {
            let (cw, cl) = if a.target != 0 {
                (words[a.target as usize], longest[a.target as usize])
            } else {
                (0, 0)
            };
            let w = cw + a.terminal as u64;
            let l = if cw > 0 {
                cl + 1
            } else if a.terminal {
                1
            } else {
                0
            };
            acc_w = acc_w.saturating_add(w);
            acc_l = acc_l.max(l);
        }
        // words[i] = words accepted starting from the suffix of the list at i.
        words[i] = acc_w;
        longest[i] = acc_l;
    }
    (words[0], longest[0])
}

/// [`count_words`] for masked nodes, on a file that passed `check_edges`
/// (so nodes lie back to back, each its mask slot and its edges, and every
/// target is a node's mask slot): nodes in reverse order, children first.
fn count_words_masked(edges: &Edges<'_>, kind: Kind) -> (u64, u64) {
    let n = edges.len();
    let mut starts = Vec::new();
    let mut i = 0u32;
    while (i as usize) < n {
        starts.push(i);
        let width = edges.select(i, u64::MAX).count_ones().max(1);
        i = i.saturating_add(1 + width);
    }
    let mut words = vec![0u64; n];
    let mut longest = vec![0u64; n];
    for &node in starts.iter().rev() {
        let (mut acc_w, mut acc_l) = (0u64, 0u64);
        for a in edges.children(node) {
            if kind == Kind::Gaddag && a.tile == 0 {
                continue;
            }
            let (cw, cl) = match a.target {
                0 => (0, 0),
                t => (words[t as usize], longest[t as usize]),
            };
            let l = if cw > 0 { cl + 1 } else { a.terminal as u64 };
            acc_w = acc_w.saturating_add(cw + a.terminal as u64);
            acc_l = acc_l.max(l);
        }
        words[node as usize] = acc_w;
        longest[node as usize] = acc_l;
    }
    (
        words.first().copied().unwrap_or(0),
        longest.first().copied().unwrap_or(0),
    )
}

macro_rules! typed_lexicon {
    ($name:ident, $kind:expr, $doc:literal) => {
        #[doc = $doc]
        #[derive(Debug)]
        pub struct $name(Lexicon);

        impl $name {
            /// Memory-maps a file of this kind (see [`Lexicon::open`]).
            pub fn open(path: impl AsRef<Path>) -> Result<$name> {
                $name::new(Lexicon::open(path)?)
            }
            /// Reads a whole file into memory (see [`Lexicon::read`]).
            pub fn read(path: impl AsRef<Path>) -> Result<$name> {
                $name::new(Lexicon::read(path)?)
            }
            /// Reads bytes that live for the whole program (`include_bytes!`).
            pub fn from_bytes(bytes: &'static [u8]) -> Result<$name> {
                $name::new(Lexicon::from_bytes(bytes)?)
            }
            /// Reads an owned buffer.
            pub fn from_vec(bytes: Vec<u8>) -> Result<$name> {
                $name::new(Lexicon::from_vec(bytes)?)
            }
            /// Wraps a lexicon, checking its kind.
            pub fn new(lex: Lexicon) -> Result<$name> {
                if lex.kind() != $kind {
                    return Err(Error::WrongKind {
                        origin: lex.origin.clone(),
                        found: lex.kind(),
                        expected: $kind,
                    });
                }
                Ok($name(lex))
            }
            /// The untyped lexicon.
            pub fn lexicon(&self) -> &Lexicon {
                &self.0
            }
            /// Unwraps the untyped lexicon.
            pub fn into_lexicon(self) -> Lexicon {
                self.0
            }
        }

        impl Deref for $name {
            type Target = Lexicon;
            fn deref(&self) -> &Lexicon {
                &self.0
            }
        }
    };
}

typed_lexicon!(
    Dawg,
    Kind::Dawg,
    "A mapped DAWG file: Appel & Jacobson's left-to-right automaton."
);
typed_lexicon!(
    Gaddag,
    Kind::Gaddag,
    "A mapped GADDAG file: Gordon's bidirectional automaton."
);

/// The lexicon file of kind `kind` named `name` (its file stem, in any case:
/// `enable` finds `ENABLE.gaddag`) in the first of `dirs` that has one, as a
/// CGP's `lex NAME;` opcode names a lexicon. Unreadable directories are
/// passed over.
pub fn find_named(
    name: &str,
    kind: Kind,
    dirs: &[std::path::PathBuf],
) -> Option<std::path::PathBuf> {
    for d in dirs {
        let Ok(entries) = std::fs::read_dir(d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let stem_ok = p
                .file_stem()
                .is_some_and(|s| s.to_string_lossy().eq_ignore_ascii_case(name));
            if stem_ok && p.extension().is_some_and(|x| x == kind.extension()) {
                return Some(p);
            }
        }
    }
    None
}

/// A node of a lexicon's automaton, read in place: the low-level view under
/// the word queries, for walks of one's own.
///
/// A DAWG's paths spell words; a GADDAG's spell `rev(prefix)`, the
/// separator (tile 0), then the suffix. Reads are as safe on a corrupt file
/// as every other: an edge that does not point forward inside the array
/// leads nowhere, so every walk ends.
///
/// ```
/// use lexgraph::{compile, Alphabet, Lexicon, WordList};
///
/// let a = Alphabet::english();
/// let words = WordList::parse(b"at\nan\n", "inline", &a, lexgraph::Invalid::Refuse)?;
/// let dawg = Lexicon::from_vec(compile::compile(&words).dawg)?;
/// let after_a = dawg.root().find(a.tile_by_label("A").unwrap()).unwrap().next().unwrap();
/// let ends: Vec<String> = after_a
///     .transitions()
///     .filter(|t| t.terminal)
///     .map(|t| a.spell(&[t.tile]))
///     .collect();
/// assert_eq!(ends, ["N", "T"]);
/// # Ok::<(), lexgraph::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Node<'a> {
    edges: Edges<'a>,
    first: u32,
}

/// One edge out of a [`Node`].
#[derive(Clone, Copy, Debug)]
pub struct Transition<'a> {
    /// The edge's tile (0: the GADDAG separator).
    pub tile: Tile,
    /// The path ending with this edge is a word.
    pub terminal: bool,
    edges: Edges<'a>,
    target: u32,
}

impl<'a> Node<'a> {
    /// The index of the node's first edge: distinct nodes have distinct ids
    /// (the root's is 0).
    pub fn id(&self) -> u32 {
        self.first
    }

    /// The node's edges, in tile order.
    pub fn transitions(&self) -> impl Iterator<Item = Transition<'a>> + 'a {
        let edges = self.edges;
        // An empty file's root has no edges.
        let children = (!edges.is_empty()).then(|| edges.children(self.first));
        children.into_iter().flatten().map(move |a| Transition {
            tile: a.tile,
            terminal: a.terminal,
            edges,
            target: a.target,
        })
    }

    /// The edge for `tile`, if any.
    pub fn find(&self, tile: Tile) -> Option<Transition<'a>> {
        let a = (!self.edges.is_empty())
            .then(|| self.edges.child(self.first, tile))
            .flatten()?;
        Some(Transition {
            tile: a.tile,
            terminal: a.terminal,
            edges: self.edges,
            target: a.target,
        })
    }
}

impl<'a> Transition<'a> {
    /// The node the edge leads to, if it has edges.
    pub fn next(&self) -> Option<Node<'a>> {
        (self.target != 0).then_some(Node {
            edges: self.edges,
            first: self.target,
        })
    }
}
