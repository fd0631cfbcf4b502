//! Compiling a word list into lexicon files, and writing files atomically.
//!
//! ```
//! use lexgraph::{Alphabet, Lexicon, WordList, compile};
//! let words = WordList::parse(b"care\ncar\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse).unwrap();
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
/// [`MAX_WORD_TILES`] tiles, which only
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
/// let words = WordList::parse(b"care\ncar\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
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
    let t = std::time::Instant::now();
    let (dawg, gaddag) = rayon::join(
        || format::write(&built.dawg(), &built.info(Kind::Dawg, words), opts.edges),
        || {
            format::write(
                &built.gaddag(),
                &built.info(Kind::Gaddag, words),
                opts.edges,
            )
        },
    );
    let (dawg, gaddag) = (dawg?, gaddag?);
    let mut phases = built.phases.clone();
    phases.push(("encoding", t.elapsed()));
    Ok(Compiled {
        dawg,
        gaddag,
        counts: (
            built.dawg().node_count(),
            built.dawg().edge_count(),
            built.gaddag().node_count(),
            built.gaddag().edge_count(),
        ),
        phases,
    })
}

/// Writes `bytes` to `path` atomically: a temporary file in the same
/// directory, flushed, then renamed over `path`, and the directory flushed.
/// A failure leaves no partial output (and removes the temporary file).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    write_all_atomic(&[(path, bytes)])
}

/// Writes the files of a compiled lexicon, `BASE.dawg` and/or `BASE.gaddag`
/// (`.dawg` appended to `base`, dots in it kept), as [`write_all_atomic`]
/// does, holding an exclusive lock on `BASE.lock`: a second writer of the
/// same output (another `lexgraph compile`) waits for the first to finish,
/// so the pair left is one of theirs, not one file of each. With the lock
/// held, it first removes the temporary files that killed writers of these
/// outputs left behind. The lock file stays (removing it would let a third
/// writer lock a file the second is about to replace).
pub fn write_lexicon(base: &Path, files: &[(Kind, &[u8])]) -> Result<()> {
    let lock_path = with_suffix(base, "lock");
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| creating_error(&lock_path, e))?;
    lock.lock().map_err(|e| Error::io(&lock_path, e))?;
    let outputs: Vec<(PathBuf, &[u8])> = files
        .iter()
        .map(|&(kind, bytes)| (with_suffix(base, kind.extension()), bytes))
        .collect();
    for kind in [Kind::Dawg, Kind::Gaddag] {
        remove_stale_temporaries(&with_suffix(base, kind.extension()));
    }
    let result = write_all_atomic(&outputs);
    // Closing the file releases the lock.
    drop(lock);
    result
}

/// The error for a file that could not be created beside `path`: one that
/// no file can be created in names the directory (a read-only or
/// someone else's directory is the fault, not the file).
fn creating_error(path: &Path, e: std::io::Error) -> Error {
    use std::io::ErrorKind::{PermissionDenied, ReadOnlyFilesystem};
    match e.kind() {
        PermissionDenied | ReadOnlyFilesystem => {
            let (dir, _) = dir_and_name(path);
            Error::io(&dir, e)
        }
        _ => Error::io(path, e),
    }
}

/// `base` with `.ext` appended (not replacing an extension: `en.v2` gives
/// `en.v2.dawg`).
fn with_suffix(base: &Path, ext: &str) -> PathBuf {
    let mut s = base.as_os_str().to_owned();
    s.push(".");
    s.push(ext);
    PathBuf::from(s)
}

/// The directory of `path` (`.` for a bare name) and its file name.
fn dir_and_name(path: &Path) -> (PathBuf, String) {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    (dir, name)
}

/// A new, empty file beside `path`, named `.NAME.PID.N.what` with a number
/// `N` that no other file has (created with `create_new`, so two writers
/// never share one). The process id lets [`remove_stale_temporaries`] tell
/// a dead writer's files from a live one's.
fn create_beside(path: &Path, what: &str) -> std::io::Result<(PathBuf, std::fs::File)> {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let (dir, name) = dir_and_name(path);
    loop {
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let p = dir.join(format!(".{name}.{}.{n}.{what}", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&p)
        {
            Ok(f) => return Ok((p, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Removes the temporary files of writers of `path` that are no longer
/// running: `.NAME.PID.N.tmp` and `.NAME.PID.N.old` (and the `.NAME.PID.tmp`
/// and `.NAME.PID.old` of earlier versions) whose process is gone. Only
/// called with the output's lock held, when no other writer of `path` that
/// takes the lock is running; a process that is still alive (an older
/// lexgraph without the lock) keeps its files. Failures are ignored: this
/// only tidies up.
fn remove_stale_temporaries(path: &Path) {
    let (dir, name) = dir_and_name(path);
    let prefix = format!(".{name}.");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(rest) = file.to_str().and_then(|f| f.strip_prefix(&prefix)) else {
            continue;
        };
        let mut parts = rest.split('.');
        let pid = parts.next().and_then(|p| p.parse::<u32>().ok());
        let tail: Vec<&str> = parts.collect();
        let ours = match tail[..] {
            ["tmp"] | ["old"] => true,
            [n, "tmp"] | [n, "old"] => n.parse::<u64>().is_ok(),
            _ => false,
        };
        if let (Some(pid), true) = (pid, ours) {
            if !process_alive(pid) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// Whether process `pid` is running. Without `/proc` (not Linux), only
/// this process counts as running: the caller holds the lock.
fn process_alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    let proc_fs = Path::new("/proc/self").exists();
    proc_fs && Path::new("/proc").join(pid.to_string()).exists()
}

/// Flushes a directory, so that renames in it survive a crash of the system.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        std::fs::File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

/// Writes several files as [`write_atomic`] does, each to a temporary file
/// first and renamed only once all of them are written: a failure (a full
/// disk, a directory in the way, a file that cannot be replaced) leaves the
/// old files, so a DAWG and a GADDAG of different word lists are not left
/// side by side. (If a rename fails, the files renamed before it are put
/// back from hard links; a file that could not be linked is removed.) A
/// process killed between two renames still leaves a mixed pair, which
/// [`crate::lexicon::check_pair`] detects; [`write_lexicon`] also keeps two
/// writers from mixing theirs.
pub fn write_all_atomic<P: AsRef<Path>>(files: &[(P, &[u8])]) -> Result<()> {
    let files: Vec<(&Path, &[u8])> = files.iter().map(|(p, b)| (p.as_ref(), *b)).collect();
    // A rename cannot replace a directory: find that out before any rename.
    for (path, _) in &files {
        if path.is_dir() {
            let e = std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a directory");
            return Err(Error::io(path, e));
        }
    }
    let mut tmps: Vec<PathBuf> = Vec::new();
    let mut result = Ok(());
    for (path, bytes) in &files {
        let (tmp, mut f) = match create_beside(path, "tmp") {
            Ok(created) => created,
            Err(e) => {
                result = Err(creating_error(path, e));
                break;
            }
        };
        tmps.push(tmp);
        let written = f.write_all(bytes).and_then(|()| f.sync_all());
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
                let (old, f) = create_beside(path, "old").ok()?;
                drop(f);
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
        return result;
    }
    let mut dirs: Vec<PathBuf> = files.iter().map(|(p, _)| dir_and_name(p).0).collect();
    dirs.dedup();
    for dir in dirs {
        sync_dir(&dir).map_err(|e| Error::io(&dir, e))?;
    }
    Ok(())
}
