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
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// An alphabet name that is not built in.
    #[error("unknown alphabet {0:?} (built in: english, super-english, spanish, polish, catalan, upwords; or give a file)")]
    UnknownAlphabet(String),
    /// A malformed alphabet file or text.
    #[error("{origin}:{line}: bad alphabet: {msg}")]
    Alphabet {
        origin: String,
        line: usize,
        msg: String,
    },
    /// Text input that is not what it should be at all (a line far too long
    /// for a word list, alphabet or layout file; `/dev/zero`), at a line and
    /// byte offset.
    #[error("{origin}:{line} (byte offset {offset}): {msg}")]
    Input {
        origin: String,
        line: usize,
        offset: u64,
        msg: String,
    },
    /// Words that cannot be spelled with the alphabet (or text that is not UTF-8).
    #[error("{}", invalid_words_message(.file, .total, .first))]
    InvalidWords {
        file: String,
        /// Total number of bad lines.
        total: usize,
        /// The first few: (line number, word, reason).
        first: Vec<(usize, String, String)>,
    },
    /// A lexicon file that is not valid: wrong magic, version, truncated, corrupt.
    #[error("{origin}: {problem}")]
    BadLexicon { origin: String, problem: Corruption },
    /// A lexicon of the wrong kind for the operation (a DAWG where a GADDAG is needed).
    #[error("{origin}: is a {} file, expected a {} file", found.name(), expected.name())]
    WrongKind {
        origin: String,
        found: crate::Kind,
        expected: crate::Kind,
    },
    /// A DAWG and a GADDAG used together that were not compiled from the
    /// same word list ([`crate::lexicon::check_pair`]).
    #[error("{dawg} and {gaddag} were compiled from different word lists ({why}); compile them again together")]
    NotAPair {
        dawg: String,
        gaddag: String,
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
    /// Words that a KWG cannot hold ([`crate::kwg`]): out of order,
    /// repeated, empty, or with a tile out of range; `index` is the word's
    /// position in the input.
    #[error("word {index}: {msg}")]
    KwgWords { index: usize, msg: String },
    /// A binary file other than a lexicon (a KLV leave file) that is not
    /// well formed, with the byte offset of the fault.
    #[error("{origin} (byte offset {offset}): {msg}")]
    BadFile {
        origin: String,
        offset: u64,
        msg: String,
    },
}

/// What is wrong with a lexicon file's bytes, with the byte offset where known.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Corruption {
    #[error("not a lexgraph file (bad magic bytes at offset 0)")]
    BadMagic,
    #[error("unsupported format version {found}.{minor} (this build reads {supported}.x)")]
    UnsupportedVersion {
        found: u16,
        minor: u16,
        supported: u16,
    },
    #[error("file truncated: {len} bytes, at least {needed} needed")]
    Truncated { len: u64, needed: u64 },
    #[error("bad header field at byte offset {offset}: {what}")]
    Header { offset: u64, what: String },
    #[error("checksum mismatch: header says {expected:#018x}, payload hashes to {actual:#018x}")]
    Checksum { expected: u64, actual: u64 },
    #[error("bad edge {index} at byte offset {offset}: {what}")]
    Edge {
        index: u64,
        offset: u64,
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
