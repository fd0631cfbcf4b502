//! Compiling a word list into lexicon files, and writing files atomically.
//!
//! ```
//! use lexgraph::{Alphabet, Lexicon, WordList, compile};
//! let words = WordList::parse(b"care\ncar\n", "inline", &Alphabet::english(), false).unwrap();
//! let files = compile::compile(&words);
//! let gaddag = Lexicon::from_vec(files.gaddag).unwrap();
//! assert!(gaddag.contains("CAR") && gaddag.contains("CARE"));
//! ```

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::builder::Builder;
use crate::error::{Error, Result};
use crate::format::{self, EdgeLayout, Kind};
use crate::wordlist::{WordList, MAX_WORD_TILES};

/// The two files of a compiled word list, as bytes.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The `.dawg` file.
    pub dawg: Vec<u8>,
    /// The `.gaddag` file.
    pub gaddag: Vec<u8>,
    /// Nodes and edges of each: (dawg nodes, dawg edges, gaddag nodes, gaddag edges).
    pub counts: (usize, usize, usize, usize),
    /// Wall time of each phase, writing the bytes included.
    pub phases: Vec<(&'static str, std::time::Duration)>,
}

/// How to write the files.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Edge sizing: packed (smallest, the default) or 32-bit aligned
    /// (larger, faster to search).
    pub edges: EdgeLayout,
}

/// Builds both automata and serializes them.
///
/// # Panics
/// If the lexicon is too large (a word of more than
/// [`MAX_WORD_TILES`](crate::wordlist::MAX_WORD_TILES) tiles, which only
/// [`WordList::from_tiles`] lets through, or more edges than a 32-bit index
/// holds: far beyond the 4-million-word Polish list); [`try_compile`]
/// returns an error instead.
pub fn compile(words: &WordList) -> Compiled {
    try_compile(words).expect("lexicon within format limits")
}

/// Like [`compile`], reporting a lexicon too large for the format as an error.
pub fn try_compile(words: &WordList) -> Result<Compiled> {
    try_compile_with(words, &Options::default())
}

/// Like [`try_compile`], with [`Options`]:
///
/// ```
/// use lexgraph::compile::{self, Options};
/// use lexgraph::format::EdgeLayout;
/// use lexgraph::{Alphabet, Lexicon, WordList};
/// let words = WordList::parse(b"care\ncar\n", "inline", &Alphabet::english(), false)?;
/// let opts = Options { edges: EdgeLayout::Aligned };
/// let gaddag = Lexicon::from_vec(compile::try_compile_with(&words, &opts)?.gaddag)?;
/// assert_eq!(gaddag.header().edge_bits(), 32);
/// assert!(gaddag.contains("CARE"));
/// # Ok::<(), lexgraph::Error>(())
/// ```
pub fn try_compile_with(words: &WordList, opts: &Options) -> Result<Compiled> {
    // Checked before building: the GADDAG's work grows with the square of a
    // word's length.
    let longest = words.max_len();
    if longest > MAX_WORD_TILES {
        return Err(Error::TooLarge(format!(
            "a word of {longest} tiles (at most {MAX_WORD_TILES})"
        )));
    }
    let built = Builder::build(words);
    let a = words.alphabet();
    let t = std::time::Instant::now();
    let (n, len, l) = (built.words, built.max_len, opts.edges);
    let (dawg, gaddag) = rayon::join(
        || format::write(&built.arena, &built.dawg, Kind::Dawg, a, n, len, l),
        || format::write(&built.arena, &built.gaddag, Kind::Gaddag, a, n, len, l),
    );
    let (dawg, gaddag) = (dawg?, gaddag?);
    let mut phases = built.phases.clone();
    phases.push(("encoding", t.elapsed()));
    Ok(Compiled {
        dawg,
        gaddag,
        counts: (
            built.dawg.node_count(),
            built.dawg.edge_count(),
            built.gaddag.node_count(),
            built.gaddag.edge_count(),
        ),
        phases,
    })
}

/// Writes `bytes` to `path` atomically: a temporary file in the same
/// directory, flushed, then renamed over `path`. A failure leaves no partial
/// output (and removes the temporary file).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    write_all_atomic(&[(path, bytes)])
}

/// Writes several files as [`write_atomic`] does, each to a temporary file
/// first and renamed only once all of them are written: a failure (a full
/// disk, a directory in the way, a file that cannot be replaced) leaves the
/// old files, so a DAWG and a GADDAG of different word lists are not left
/// side by side. (If a rename fails, the files renamed before it are put
/// back from hard links; a file that could not be linked is removed.)
pub fn write_all_atomic<P: AsRef<Path>>(files: &[(P, &[u8])]) -> Result<()> {
    let files: Vec<(&Path, &[u8])> = files.iter().map(|(p, b)| (p.as_ref(), *b)).collect();
    let beside = |path: &Path, what: &str| {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        dir.join(format!(".{name}.{}.{what}", std::process::id()))
    };
    // A rename cannot replace a directory: find that out before any rename.
    for (path, _) in &files {
        if path.is_dir() {
            let e = std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a directory");
            return Err(Error::io(path, e));
        }
    }
    let tmps: Vec<PathBuf> = files.iter().map(|(p, _)| beside(p, "tmp")).collect();
    let mut result = Ok(());
    for ((path, bytes), tmp) in files.iter().zip(&tmps) {
        let written = (|| -> std::io::Result<()> {
            let mut f = std::fs::File::create(tmp)?;
            f.write_all(bytes)?;
            f.sync_all()
        })();
        if let Err(e) = written {
            result = Err(Error::io(path, e));
            break;
        }
    }
    if result.is_ok() {
        // A later rename can still fail (a file another user owns in a
        // sticky directory): keep the old contents of every file but the
        // last as hard links, to put them back then.
        let olds: Vec<Option<PathBuf>> = files[..files.len().saturating_sub(1)]
            .iter()
            .map(|(path, _)| {
                let old = beside(path, "old");
                let _ = std::fs::remove_file(&old);
                std::fs::hard_link(path, &old).ok().map(|()| old)
            })
            .collect();
        for (k, ((path, _), tmp)) in files.iter().zip(&tmps).enumerate() {
            if let Err(e) = std::fs::rename(tmp, path) {
                result = Err(Error::io(path, e));
                for ((earlier, _), old) in files[..k].iter().zip(&olds) {
                    match old {
                        Some(old) => drop(std::fs::rename(old, earlier)),
                        None => drop(std::fs::remove_file(earlier)),
                    }
                }
                break;
            }
        }
        for old in olds.iter().flatten() {
            let _ = std::fs::remove_file(old);
        }
    }
    if result.is_err() {
        for tmp in &tmps {
            let _ = std::fs::remove_file(tmp);
        }
    }
    result
}
