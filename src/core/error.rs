//! The library's error type.

use std::path::{Path, PathBuf};

/// Everything that can go wrong in lexgraph, each case naming where.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// An I/O error on a named file. The message names the file; the I/O
    /// error is its `source()` (printing both would say it twice in a
    /// chain, as `anyhow`'s `{:#}` prints it).
    #[error("{}", path.display())]
    Io {
        /// The file read or written.
        path: PathBuf,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
    /// An alphabet name that is not built in.
    #[error("unknown alphabet {0:?} (built in: english, super-english, spanish, polish, catalan, upwords; or give a file)")]
    UnknownAlphabet(String),
    /// A malformed alphabet file or text.
    #[error("{origin}:{line}: bad alphabet: {msg}")]
    Alphabet {
        /// The file or name the alphabet came from.
        origin: String,
        /// The 1-based line at fault; 0 for an alphabet built from parts
        /// ([`crate::alphabet::Alphabet::from_parts`]).
        line: usize,
        /// What is wrong.
        msg: String,
    },
    /// Text input that is not what it should be at all (a line far too long
    /// for a word list, alphabet or layout file; `/dev/zero`), at a line and
    /// byte offset.
    #[error("{origin}:{line} (byte offset {offset}): {msg}")]
    Input {
        /// The file or name the text came from.
        origin: String,
        /// The 1-based line at fault; 0 when the fault is the whole text (a
        /// file over its size limit, a record with a part missing).
        line: usize,
        /// The byte offset of the fault from the start of the text, usually
        /// where the line starts.
        offset: u64,
        /// What is wrong.
        msg: String,
    },
    /// Words that cannot be spelled with the alphabet (or text that is not UTF-8).
    #[error("{}", invalid_words_message(.file, .total, .first))]
    InvalidWords {
        /// The word list's file or name.
        file: String,
        /// Total number of bad lines.
        total: usize,
        /// The first few: (line number, word, reason).
        first: Vec<(usize, String, String)>,
    },
    /// A lexicon file that is not valid: wrong magic, version, truncated, corrupt.
    #[error("{origin}: {problem}")]
    BadLexicon {
        /// The lexicon's file or name ([`crate::Lexicon::origin`]).
        origin: String,
        /// What is wrong with the bytes.
        problem: Corruption,
    },
    /// A lexicon of the wrong kind for the operation (a DAWG where a GADDAG is needed).
    #[error("{origin}: is a {} file, expected a {} file", found.name(), expected.name())]
    WrongKind {
        /// The lexicon's file or name.
        origin: String,
        /// The kind the lexicon is.
        found: crate::Kind,
        /// The kind the operation needs.
        expected: crate::Kind,
    },
    /// A DAWG and a GADDAG used together that were not compiled from the
    /// same word list ([`crate::lexicon::check_pair`]).
    #[error("{dawg} and {gaddag} were compiled from different word lists ({why}); compile them again together")]
    NotAPair {
        /// The DAWG's file or name.
        dawg: String,
        /// The GADDAG's file or name.
        gaddag: String,
        /// How the two differ (word-list identifiers, alphabets, word
        /// counts or longest words).
        why: String,
    },
    /// A malformed board, rack or position.
    #[error("{0}")]
    Position(String),
    /// Rules out of range: rack size, bingo bonus, or premiums that could
    /// make a score overflow ([`crate::rules::Rules::validate`]).
    #[error("{0}")]
    Rules(String),
    /// A play the game does not allow now (tiles not on the rack, an
    /// exchange with too few tiles in the bag, a play after the end).
    #[error("{0}")]
    Play(String),
    /// A malformed query (pattern, rack).
    #[error("{0}")]
    Query(String),
    /// Settings out of range: a tuning step that is not a positive number,
    /// say.
    #[error("{0}")]
    Settings(String),
    /// A lexicon too large for the file format.
    #[error("lexicon too large: {0}")]
    TooLarge(String),
    /// Words that a KWG cannot hold (the `kwg` writer, feature `build`): out of order,
    /// repeated, empty, or with a tile out of range; `index` is the word's
    /// position in the input.
    #[error("word {index}: {msg}")]
    KwgWords {
        /// The 0-based position of the word in the input.
        index: usize,
        /// What is wrong with the word.
        msg: String,
    },
    /// A binary file other than a lexicon (a KLV leave file) that is not
    /// well formed, with the byte offset of the fault.
    #[error("{origin} (byte offset {offset}): {msg}")]
    BadFile {
        /// The file or name the bytes came from.
        origin: String,
        /// The byte offset of the fault from the start of the file.
        offset: u64,
        /// What is wrong.
        msg: String,
    },
}

/// What is wrong with a lexicon file's bytes, with the byte offset where known.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Corruption {
    /// The first 8 bytes are not lexgraph's magic: the file is of another
    /// kind (a file shorter than the magic that begins it is
    /// [`Corruption::Truncated`]).
    #[error("not a lexgraph file (bad magic bytes at offset 0)")]
    BadMagic,
    /// The file's major format version is not one this build reads.
    #[error("unsupported format version {found}.{minor} (this build reads 1.x to {supported}.x)")]
    UnsupportedVersion {
        /// The file's major version.
        found: u16,
        /// The file's minor version.
        minor: u16,
        /// The highest major version this build reads (it reads every
        /// major from 1 up to it).
        supported: u16,
    },
    /// The file ends before its header, or before the end of the edge array
    /// the header describes.
    #[error("file truncated: {len} bytes, at least {needed} needed")]
    Truncated {
        /// The file's length in bytes.
        len: u64,
        /// The length in bytes the file needs at least.
        needed: u64,
    },
    /// A header field out of range or inconsistent with the rest of the
    /// file (kind, field widths, counts, offsets, reserved bytes).
    #[error("bad header field at byte offset {offset}: {what}")]
    Header {
        /// The byte offset of the field in the file.
        offset: u64,
        /// What is wrong with it.
        what: String,
    },
    /// The payload (every byte after the header) does not hash to the
    /// checksum the header records.
    #[error("checksum mismatch: header says {expected:#018x}, payload hashes to {actual:#018x}")]
    Checksum {
        /// The XXH3-64 checksum the header records.
        expected: u64,
        /// The XXH3-64 hash of the payload as read.
        actual: u64,
    },
    /// An edge of the array that is not well formed: a tile outside the
    /// alphabet, a target that does not point forward, siblings out of
    /// order, an edge that leads nowhere.
    #[error("bad edge {index} at byte offset {offset}: {what}")]
    Edge {
        /// The edge's 0-based index in the edge array.
        index: u64,
        /// The byte offset in the file of the byte where the edge starts.
        offset: u64,
        /// What is wrong with it.
        what: String,
    },
}

fn invalid_words_message(file: &str, total: &usize, first: &[(usize, String, String)]) -> String {
    let mut s = format!("{file}: {total} invalid line(s)");
    for (line, word, why) in first {
        s.push_str(&format!("\n  {file}:{line}: {word:?}: {why}"));
    }
    if *total > first.len() {
        s.push_str(&format!("\n  ... and {} more", total - first.len()));
    }
    s
}

impl Error {
    pub(crate) fn io(path: &Path, source: std::io::Error) -> Error {
        Error::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// Shorthand for `Result<T, lexgraph::Error>`.
pub type Result<T> = std::result::Result<T, Error>;
