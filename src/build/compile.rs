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

/// ENABLE (`lexicons/enable1.txt`, in the repository) compiled once, for
/// the library's tests that search real positions.
#[cfg(test)]
pub(crate) fn enable_for_tests() -> &'static Compiled {
    static ENABLE: std::sync::OnceLock<Compiled> = std::sync::OnceLock::new();
    ENABLE.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/lexicons/enable1.txt");
        let text = std::fs::read(path).unwrap();
        let a = crate::alphabet::Alphabet::english();
        let words = WordList::parse(&text, "enable1.txt", &a, crate::Invalid::Refuse).unwrap();
        compile(&words)
    })
}

/// How to write the files.
#[derive(Clone, Copy, Debug, Default)]
#[non_exhaustive]
pub struct CompileOptions {
    /// The edge layout, or `None` (the default) for the one move
    /// generation reads fastest that the alphabet allows
    /// ([`EdgeLayout::fastest_for`]): masked nodes for up to 31 tiles,
    /// packed edges for more.
    pub edges: Option<EdgeLayout>,
    /// Store the anagram index in each file ([`add_anagram_index`]):
    /// the best-move search reads it in place from its first search.
    pub anagram_index: bool,
}

impl CompileOptions {
    /// These options with [`CompileOptions::edges`] set to `layout`:
    /// `CompileOptions::default().edges(EdgeLayout::Aligned)`.
    pub fn edges(mut self, layout: EdgeLayout) -> CompileOptions {
        self.edges = Some(layout);
        self
    }

    /// These options with [`CompileOptions::anagram_index`] set.
    pub fn anagram_index(mut self, store: bool) -> CompileOptions {
        self.anagram_index = store;
        self
    }
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
    try_compile_with(words, &CompileOptions::default())
}

/// Like [`try_compile`], with [`CompileOptions`]:
///
/// ```
/// use lexgraph::compile::{self, CompileOptions};
/// use lexgraph::format::EdgeLayout;
/// use lexgraph::{Alphabet, Lexicon, WordList};
/// let words = WordList::parse(b"care\ncar\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
/// let opts = CompileOptions::default().edges(EdgeLayout::Aligned);
/// let gaddag = Lexicon::from_vec(compile::try_compile_with(&words, &opts)?.gaddag)?;
/// assert_eq!(gaddag.header().edge_bits(), 32);
/// assert!(gaddag.contains("CARE"));
/// # Ok::<(), lexgraph::Error>(())
/// ```
pub fn try_compile_with(words: &WordList, opts: &CompileOptions) -> Result<Compiled> {
    // Checked before building: the GADDAG's work grows with the square of a
    // word's length.
    let longest = words.max_len();
    if longest > MAX_WORD_TILES {
        return Err(Error::TooLarge(format!(
            "a word of {longest} tiles (at most {MAX_WORD_TILES})"
        )));
    }
    let layout = opts
        .edges
        .unwrap_or_else(|| EdgeLayout::fastest_for(words.alphabet()));
    let built = Builder::build(words);
    let t = crate::core::clock::Instant::now();
    let (dawg, gaddag) = rayon::join(
        || format::write(&built.dawg(), &built.info(Kind::Dawg, words), layout),
        || format::write(&built.gaddag(), &built.info(Kind::Gaddag, words), layout),
    );
    let (mut dawg, mut gaddag) = (dawg?, gaddag?);
    let mut phases = built.phases.clone();
    phases.push(("encoding", t.elapsed()));
    if opts.anagram_index {
        let t = crate::core::clock::Instant::now();
        let (d, g) = rayon::join(|| add_anagram_index(dawg), || add_anagram_index(gaddag));
        (dawg, gaddag) = (d?, g?);
        phases.push(("anagram index", t.elapsed()));
    }
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

/// Rewrites a lexicon file (as [`format::write`] makes them) with its anagram
/// index stored in its alphabet section: format 1.2 (2.1 with masked
/// nodes), flags bit 1 ([`format::FLAG_ANAGRAMS`]). A search then reads the index in
/// place from the first position instead of building it (about 0.12 s and
/// 15 MB of memory for SOWPODS), for a file larger by as much (14 MB for
/// SOWPODS). A file that has an index gets it built again.
///
/// ```
/// use lexgraph::{compile, Alphabet, Invalid, Lexicon, WordList};
///
/// let a = Alphabet::english();
/// let words = WordList::parse(b"stop\ntops\npost\n", "inline", &a, Invalid::Refuse)?;
/// let file = compile::add_anagram_index(compile::compile(&words).gaddag)?;
/// let lex = Lexicon::from_vec(file)?;
/// assert!(lex.has_stored_anagram_index());
/// lex.verify()?; // the stored index says what the words spell
/// # Ok::<(), lexgraph::Error>(())
/// ```
pub fn add_anagram_index(file: Vec<u8>) -> Result<Vec<u8>> {
    let lex = crate::Lexicon::from_vec(file)?;
    let h = lex.header().clone();
    let list_id = h.list_id.ok_or_else(|| Error::BadFile {
        origin: lex.origin().to_string(),
        offset: format::FLAGS_OFFSET as u64,
        msg: "a 1.0 file (no word-list identifier) cannot hold an anagram index: compile it again"
            .into(),
    })?;
    let section = crate::anagrams::build_section(
        &lex.edges(),
        lex.alphabet().len(),
        h.kind == Kind::Gaddag,
        h.words.saturating_add(1),
    );
    let mut alpha = format::encode_alphabet(lex.alphabet());
    alpha.extend_from_slice(&list_id.to_le_bytes());
    let fields = alpha.len();
    alpha.extend_from_slice(&[0; 16]);
    let ix_offset = (format::HEADER_LEN + alpha.len()).next_multiple_of(8);
    alpha.resize(ix_offset - format::HEADER_LEN, 0);
    alpha.extend_from_slice(&section);
    alpha[fields..fields + 8].copy_from_slice(&(ix_offset as u64).to_le_bytes());
    alpha[fields + 8..fields + 16].copy_from_slice(&(section.len() as u64).to_le_bytes());
    if format::HEADER_LEN + alpha.len() > u32::MAX as usize {
        return Err(Error::TooLarge(format!(
            "an anagram index of {} bytes (the alphabet section holds at most 4 GB)",
            section.len()
        )));
    }
    let edges_offset = (format::HEADER_LEN + alpha.len()).next_multiple_of(8);
    let bytes = lex.bytes();
    // The edge array and its padding, as they are: targets are edge
    // indexes, not file offsets.
    let edges = &bytes[h.edges_offset as usize..];
    let mut out = Vec::with_capacity(edges_offset + edges.len());
    out.extend_from_slice(&bytes[..format::HEADER_LEN]);
    out.extend_from_slice(&alpha);
    out.resize(edges_offset, 0);
    out.extend_from_slice(edges);
    let minor: u16 = if h.masked() { 1 } else { 2 };
    out[10..12].copy_from_slice(&minor.to_le_bytes());
    out[format::FLAGS_OFFSET] = format::FLAG_LIST_ID | format::FLAG_ANAGRAMS;
    out[44..48].copy_from_slice(&(alpha.len() as u32).to_le_bytes());
    out[48..56].copy_from_slice(&(edges_offset as u64).to_le_bytes());
    let sum = xxhash_rust::xxh3::xxh3_64(&out[format::HEADER_LEN..]);
    out[56..64].copy_from_slice(&sum.to_le_bytes());
    Ok(out)
}

impl crate::lexicon::Lexicon {
    /// A lexicon of `words` (English tiles), compiled in memory: its GADDAG,
    /// which answers every query and generates moves fastest. For tests and
    /// small programs; a real word list is compiled once into files
    /// ([`write_lexicon`], `lexgraph compile`) and opened.
    ///
    /// ```
    /// use lexgraph::Lexicon;
    /// let lex = Lexicon::from_words(["qi", "za", "zas"])?;
    /// assert!(lex.contains("ZAS") && !lex.contains("QIS"));
    /// # Ok::<(), lexgraph::Error>(())
    /// ```
    pub fn from_words<S: AsRef<str>>(
        words: impl IntoIterator<Item = S>,
    ) -> Result<crate::lexicon::Lexicon> {
        Self::from_words_in(words, &crate::alphabet::Alphabet::english(), Kind::Gaddag)
    }

    /// [`Lexicon::from_words`](crate::lexicon::Lexicon::from_words) in
    /// `alphabet`, as the DAWG or the GADDAG. A word that is not one in
    /// the alphabet (or holds a line break) is an error naming it.
    pub fn from_words_in<S: AsRef<str>>(
        words: impl IntoIterator<Item = S>,
        alphabet: &crate::alphabet::Alphabet,
        kind: Kind,
    ) -> Result<crate::lexicon::Lexicon> {
        let mut text = Vec::new();
        for (i, w) in words.into_iter().enumerate() {
            let w = w.as_ref();
            if w.contains(['\n', '\r']) {
                return Err(Error::Query(format!(
                    "word {}: {:?} holds a line break",
                    i + 1,
                    crate::input::snippet(w)
                )));
            }
            text.extend_from_slice(w.as_bytes());
            text.push(b'\n');
        }
        let list = WordList::parse(&text, "words", alphabet, crate::wordlist::Invalid::Refuse)?;
        let files = try_compile(&list)?;
        crate::lexicon::Lexicon::from_vec(match kind {
            Kind::Dawg => files.dawg,
            Kind::Gaddag => files.gaddag,
        })
    }
}

/// Writes `bytes` to `path` atomically: a temporary file in the same
/// directory, flushed, then renamed over `path`, and the directory flushed.
/// A failure leaves no partial output (and removes the temporary file).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    write_all_atomic(&[(path, bytes)])
}

/// Writes the files of a compiled lexicon, `BASE.dawg` and/or `BASE.gaddag`
/// (`.dawg` appended to `base`, dots in it kept), as [`write_all_atomic`]
/// does, holding an exclusive lock on the output directory: a second
/// writer of the same output (another `lexgraph compile`) waits for the
/// first to finish, so the pair left is one of theirs, not one file of
/// each. Locking the directory, not a `BASE.lock` file, leaves nothing
/// behind in it (where the platform cannot lock a directory, the lock is
/// a file in the system temp directory named after the output).
pub fn write_lexicon(base: &Path, files: &[(Kind, &[u8])]) -> Result<()> {
    let lock = output_lock(base)?;
    let outputs: Vec<(PathBuf, &[u8])> = files
        .iter()
        .map(|&(kind, bytes)| (with_suffix(base, kind.extension()), bytes))
        .collect();
    let result = write_all_atomic(&outputs);
    // Closing the file releases the lock.
    drop(lock);
    result
}

/// The lock [`write_lexicon`] holds while it writes `base`'s files: the
/// directory itself, opened and locked (flock).
#[cfg(unix)]
fn output_lock(base: &Path) -> Result<std::fs::File> {
    let (dir, _) = dir_and_name(base);
    let lock = std::fs::File::open(&dir).map_err(|e| Error::io(&dir, e))?;
    lock.lock().map_err(|e| Error::io(&dir, e))?;
    Ok(lock)
}

/// The lock [`write_lexicon`] holds while it writes `base`'s files: a file
/// in the temp directory named after the output's full path (Windows
/// cannot open a directory as a file).
#[cfg(not(unix))]
fn output_lock(base: &Path) -> Result<std::fs::File> {
    let (dir, name) = dir_and_name(base);
    let full = std::fs::canonicalize(&dir).unwrap_or(dir).join(name);
    let hash = xxhash_rust::xxh3::xxh3_64(full.to_string_lossy().as_bytes());
    let lock_path = std::env::temp_dir().join(format!("lexgraph-{hash:016x}.lock"));
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| creating_error(&lock_path, e))?;
    lock.lock().map_err(|e| Error::io(&lock_path, e))?;
    Ok(lock)
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
            Ok(f) => {
                live().push(p.clone());
                return Ok((p, f));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// The temporary files this process has created and not yet renamed or
/// removed ([`remove_own_temporaries`] removes them).
fn live() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    static LIVE: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// `tmp` was renamed or removed: no longer this process's to remove.
fn forget(tmp: &Path) {
    live().retain(|p| p != tmp);
}

/// Removes `tmp` and forgets it.
fn discard(tmp: &Path) {
    let _ = std::fs::remove_file(tmp);
    forget(tmp);
}

/// Removes the temporary files this process's writers have under way, for
/// a handler of SIGINT or SIGTERM to call before the process exits (the
/// `lexgraph` command does): an interrupted write then leaves nothing
/// behind. (A process killed outright leaves them to the next writer in
/// the same directory, which removes them.) Safe to call from any thread.
pub fn remove_own_temporaries() {
    for tmp in live().drain(..) {
        let _ = std::fs::remove_file(tmp);
    }
}

/// The process that made the temporary file `file`, if it is one:
/// `.NAME.PID.N.tmp` or `.NAME.PID.N.old` (or `.NAME.PID.tmp` and
/// `.NAME.PID.old`, as earlier versions named them).
fn temporary_owner(file: &str) -> Option<u32> {
    let rest = file.strip_prefix('.')?;
    let rest = rest
        .strip_suffix(".tmp")
        .or_else(|| rest.strip_suffix(".old"))?;
    let (head, last) = rest.rsplit_once('.')?;
    last.parse::<u64>().ok()?;
    match head.rsplit_once('.') {
        Some((name, pid)) if !name.is_empty() && pid.parse::<u32>().is_ok() => pid.parse().ok(),
        _ => last.parse().ok().filter(|_| !head.is_empty()),
    }
}

/// Removes the temporary files ([`temporary_owner`]) in `dir` whose process
/// is no longer running: those a writer killed before it could clean up
/// left (SIGKILL, a crash, a lost power). Files of a running process stay,
/// so a writer may run beside another. Each directory is looked at once per
/// process (a match writes thousands of records into one). Failures are
/// ignored: this only tidies up.
fn remove_stale_temporaries(dir: &Path) {
    static SEEN: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
    {
        let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
        if seen.iter().any(|d| d == dir) {
            return;
        }
        seen.push(dir.to_path_buf());
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let owner = entry.file_name().to_str().and_then(temporary_owner);
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        if let (Some(pid), true) = (owner, is_file) {
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

/// Gives the new file `f` the permissions of the file it replaces at
/// `path`, if any: a private (0600) file stays private. (A symbolic link at
/// `path` is replaced, not its target: nothing is taken from it.)
fn keep_permissions(path: &Path, f: &std::fs::File) -> std::io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(old) if old.is_file() => f.set_permissions(old.permissions()),
        _ => Ok(()),
    }
}

/// A file written in pieces (a stream of positions, say) and put in place
/// at the end as [`write_atomic`] puts one: written to a temporary file
/// beside `path`, and renamed over it by [`AtomicFile::commit`]. Until
/// then `path` keeps its old contents; dropped without a commit (an error,
/// a panic), the temporary file is removed, and on SIGINT or SIGTERM
/// [`remove_own_temporaries`] removes it.
///
/// ```
/// use std::io::Write;
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("positions.cgp");
/// let mut out = lexgraph::compile::AtomicFile::create(&path)?;
/// writeln!(out, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0")?;
/// assert!(!path.exists());
/// out.commit()?;
/// assert!(std::fs::read_to_string(&path)?.starts_with("15/"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct AtomicFile {
    path: PathBuf,
    tmp: PathBuf,
    out: std::io::BufWriter<std::fs::File>,
    committed: bool,
}

impl AtomicFile {
    /// Starts writing `path` (refused if it is a directory).
    pub fn create(path: impl AsRef<Path>) -> Result<AtomicFile> {
        let path = path.as_ref();
        if path.is_dir() {
            let e = std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a directory");
            return Err(Error::io(path, e));
        }
        remove_stale_temporaries(&dir_and_name(path).0);
        let (tmp, f) = create_beside(path, "tmp").map_err(|e| creating_error(path, e))?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            tmp,
            out: std::io::BufWriter::new(f),
            committed: false,
        })
    }

    /// Flushes what was written and renames it over the path.
    pub fn commit(mut self) -> Result<()> {
        let path = self.path.clone();
        self.out.flush().map_err(|e| Error::io(&path, e))?;
        let f = self.out.get_ref();
        keep_permissions(&path, f)
            .and_then(|()| f.sync_all())
            .and_then(|()| std::fs::rename(&self.tmp, &path))
            .map_err(|e| Error::io(&path, e))?;
        self.committed = true;
        forget(&self.tmp);
        let dir = dir_and_name(&path).0;
        sync_dir(&dir).map_err(|e| Error::io(&dir, e))
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.out.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if !self.committed {
            discard(&self.tmp);
        }
    }
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
    for (path, _) in &files {
        remove_stale_temporaries(&dir_and_name(path).0);
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
        let written = f
            .write_all(bytes)
            .and_then(|()| keep_permissions(path, &f))
            .and_then(|()| f.sync_all());
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
                match std::fs::hard_link(path, &old) {
                    Ok(()) => Some(old),
                    Err(_) => {
                        forget(&old);
                        None
                    }
                }
            })
            .collect();
        for (k, ((path, _), tmp)) in files.iter().zip(&tmps).enumerate() {
            // A rename replaces a symbolic link at `path` itself: no writer
            // writes through one into its target.
            let renamed = std::fs::rename(tmp, path);
            if renamed.is_ok() {
                forget(tmp);
            }
            if let Err(e) = renamed {
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
            discard(old);
        }
    }
    if result.is_err() {
        for tmp in &tmps {
            discard(tmp);
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
