//! `lexgraph._lexgraph`, the extension module behind the `lexgraph` Python
//! package (`python/lexgraph/__init__.py` re-exports it; the stubs in
//! `python/lexgraph/_lexgraph.pyi` document the API for type checkers).
//!
//! The GIL is released around every search (moves, queries, compile,
//! match play), so Python threads run them in parallel; `moves_batch` and
//! `play_games` also spread their work over rayon's threads.
//!
//! Calls that can run for seconds (`moves_batch`, `play_games`,
//! `play_match`, `compile`) run on a worker thread while the calling thread
//! checks for signals (see [`interruptible`]), so Ctrl-C stops them.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use pyo3::create_exception;
use pyo3::exceptions::{
    PyFileNotFoundError, PyOSError, PyOverflowError, PySystemError, PyTypeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple, PyType};
use rayon::prelude::*;

use lexgraph::alphabet::TileInfo;
use lexgraph::board::BLANK_FLAG;
use lexgraph::equity::Play;
use lexgraph::matchplay::{self, Settings};
use lexgraph::movegen::Dir;
use lexgraph::query::Words;
use lexgraph::rack::Rack;
use lexgraph::rules::MAX_SIZE;
use lexgraph::strategy::Strategy;
use lexgraph::{Alphabet, Board, Generator, Invalid, Kind, Partial, Rules, WordList};
use lexgraph_engine::{Input, Listed, Session, Setup};

create_exception!(
    lexgraph,
    LexgraphError,
    PyValueError,
    "A lexgraph error: a bad position, rack, word list, pattern, strategy or lexicon file. \
     The message is the library's. Missing files raise FileNotFoundError, other I/O errors OSError."
);

/// A library error as a Python exception: `FileNotFoundError` or `OSError`
/// for I/O, `LexgraphError` (a `ValueError`) for the rest, with the
/// library's message.
fn err(e: lexgraph::Error) -> PyErr {
    if let lexgraph::Error::Io { source, .. } = &e {
        let msg = format!("{e}: {source}");
        return match source.kind() {
            std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(msg),
            _ => PyOSError::new_err(msg),
        };
    }
    LexgraphError::new_err(e.to_string())
}

/// The most threads a call takes (`lexgraph match --threads` has a like
/// limit): more than the cores of any machine this runs on, far fewer than
/// the system lets a process make.
const MAX_THREADS: i64 = 256;

/// The `threads` argument, checked before any thread is made: `None` (all
/// cores, rayon's global pool) or `1..=MAX_THREADS`, else a `ValueError`.
fn thread_count(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    let Some(obj) = threads.filter(|t| !t.is_none()) else {
        return Ok(None);
    };
    let bad = || {
        PyValueError::new_err(format!(
            "threads must be from 1 to {MAX_THREADS} (or None: every core), got {obj}"
        ))
    };
    let n: i64 = obj.extract().map_err(|e: PyErr| {
        if e.is_instance_of::<PyOverflowError>(obj.py()) {
            bad()
        } else {
            e
        }
    })?;
    if !(1..=MAX_THREADS).contains(&n) {
        return Err(bad());
    }
    Ok(Some(n as usize))
}

/// How often the calling thread of a long call looks for signals.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `work` on a worker thread (on a pool of `threads` threads, else
/// rayon's global pool), the GIL released, while the calling thread checks
/// for signals every [`SIGNAL_POLL`]: Python runs its signal handlers only
/// when some thread calls into it, so a call that held the calling thread
/// would hear Ctrl-C only once it returned. When a handler raises
/// (`KeyboardInterrupt`), the flag passed to `work` is set, `work` returns
/// `None` as soon as it sees it, and the handler's exception is raised.
fn interruptible<T, F>(py: Python<'_>, threads: Option<usize>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&AtomicBool) -> Option<T> + Send,
{
    py.detach(|| {
        let pool = threads
            .map(|n| rayon::ThreadPoolBuilder::new().num_threads(n).build())
            .transpose()
            .map_err(|e| PyOSError::new_err(format!("threads: {e}")))?;
        let stop = AtomicBool::new(false);
        std::thread::scope(|s| {
            let (done, finished) = mpsc::sync_channel(1);
            let (stop, pool) = (&stop, pool.as_ref());
            let worker = s.spawn(move || {
                let out = match pool {
                    Some(p) => p.install(|| work(stop)),
                    None => work(stop),
                };
                // The receiver lives until the scope ends: this cannot fail.
                let _ = done.send(out);
            });
            let mut signal = None;
            let out = loop {
                match finished.recv_timeout(SIGNAL_POLL) {
                    Ok(out) => break out,
                    Err(mpsc::RecvTimeoutError::Timeout) if signal.is_none() => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            stop.store(true, Ordering::Relaxed);
                            signal = Some(e);
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        // The worker panicked: carry its panic on (PyO3
                        // raises it as a PanicException).
                        if let Err(panic) = worker.join() {
                            std::panic::resume_unwind(panic);
                        }
                        break None;
                    }
                }
            };
            // A signal's exception is raised even when the work finished.
            match (signal, out) {
                (Some(e), _) => Err(e),
                (None, Some(out)) => Ok(out),
                (None, None) => Err(PySystemError::new_err("the work stopped without a signal")),
            }
        })
    })
}

/// Reads a lexicon file into memory, as [`Session::open`] maps one: a
/// lexgraph DAWG or GADDAG, or a KWG (English tiles; its GADDAG when it has
/// one).
fn read_lexicon(path: &Path) -> PyResult<lexgraph::Lexicon> {
    lexgraph::Lexicon::read_any(path, &Alphabet::english(), None).map_err(err)
}

/// A compiled lexicon (DAWG or GADDAG, or a KWG file), memory-mapped or
/// read into memory.
///
/// `Lexicon.open(path)` (or `Lexicon(path)`) maps the file; opening costs
/// microseconds whatever its size. The file must then not be truncated or
/// rewritten in place while the lexicon is in use: the system takes the
/// lost pages from the mapping and the next read of one kills the whole
/// process with SIGBUS, which Python cannot catch. Replacing the file by
/// rename (as `compile` and `lexgraph compile` do) is safe. Where that
/// cannot be ruled out, `Lexicon.read(path)` reads the file into memory
/// instead (a read of the file, and its size in memory).
///
/// A lexicon may be shared by threads, and pickles as its path and how it
/// was opened (for process pools and Dask workers, which open the file
/// again).
#[pyclass(module = "lexgraph", frozen)]
struct Lexicon {
    session: Arc<Session>,
    path: String,
    /// Read into memory (`Lexicon.read`) rather than mapped.
    in_memory: bool,
}

/// The position argument: a CGP line, or board rows.
enum PositionArg {
    Cgp(String),
    Rows(Vec<String>),
}

fn position_arg(obj: &Bound<'_, PyAny>) -> PyResult<PositionArg> {
    if let Ok(s) = obj.cast::<PyString>() {
        let s = s.to_string();
        if s.trim().contains('\n') {
            let rows = s.lines().map(str::trim).filter(|l| !l.is_empty());
            return Ok(PositionArg::Rows(rows.map(String::from).collect()));
        }
        return Ok(PositionArg::Cgp(s));
    }
    if let Ok(rows) = obj.extract::<Vec<String>>() {
        return Ok(PositionArg::Rows(rows));
    }
    Err(PyTypeError::new_err(
        "a position is a CGP line (str), or board rows (a list of str, or one str of lines) with a rack",
    ))
}

impl PositionArg {
    fn run(
        &self,
        s: &Session,
        rack: Option<&str>,
        top: Option<usize>,
        leaves: Option<&str>,
        exchanges: bool,
    ) -> lexgraph::Result<(Setup, Vec<Listed>)> {
        match self {
            PositionArg::Cgp(line) => s.moves(Input::Cgp(line), rack, top, leaves, exchanges),
            PositionArg::Rows(rows) => {
                let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
                s.moves(Input::Rows(&rows), rack, top, leaves, exchanges)
            }
        }
    }
}

fn to_moves(
    py: Python<'_>,
    lex: &Lexicon,
    setup: Setup,
    listed: Vec<Listed>,
) -> PyResult<Vec<Move>> {
    let shared = Py::new(
        py,
        Shared {
            board: setup.position.board,
            alphabet: lex.session.lexicon.alphabet().clone(),
            lexicon: lex.path.clone(),
        },
    )?;
    Ok(listed
        .into_iter()
        .map(|l| Move {
            listed: l,
            shared: shared.clone_ref(py),
        })
        .collect())
}

#[pymethods]
impl Lexicon {
    /// Opens (memory-maps) a lexicon file, `.dawg` or `.gaddag`.
    #[new]
    fn new(py: Python<'_>, path: PathBuf) -> PyResult<Lexicon> {
        let shown = path.display().to_string();
        let session = py.detach(|| Session::open(&path)).map_err(err)?;
        Ok(Lexicon {
            session: Arc::new(session),
            path: shown,
            in_memory: false,
        })
    }

    /// Opens (memory-maps) a lexicon file, `.dawg` or `.gaddag` (or a KWG):
    /// microseconds whatever its size. The file must not be truncated or
    /// rewritten in place while the lexicon is in use: that kills the
    /// process with SIGBUS (replacing it by rename is safe). Use `read`
    /// where that cannot be ruled out.
    #[staticmethod]
    fn open(py: Python<'_>, path: PathBuf) -> PyResult<Lexicon> {
        Lexicon::new(py, path)
    }

    /// Reads a lexicon file into memory (`.dawg`, `.gaddag` or a KWG):
    /// what `open` gives, safe from the file being truncated or rewritten
    /// while in use, for a read of the file (milliseconds for a 20 MB
    /// GADDAG) and its size in memory.
    #[staticmethod]
    fn read(py: Python<'_>, path: PathBuf) -> PyResult<Lexicon> {
        let shown = path.display().to_string();
        let lexicon = py.detach(|| read_lexicon(&path))?;
        Ok(Lexicon {
            session: Arc::new(Session::new(lexicon)),
            path: shown,
            in_memory: true,
        })
    }

    /// The file's path.
    #[getter]
    fn path(&self) -> &str {
        &self.path
    }

    /// True when read into memory (`Lexicon.read`), False when mapped.
    #[getter]
    fn in_memory(&self) -> bool {
        self.in_memory
    }

    /// `"dawg"` or `"gaddag"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.session.lexicon.kind() {
            Kind::Dawg => "dawg",
            Kind::Gaddag => "gaddag",
        }
    }

    /// The name of the lexicon's alphabet (`english`, `spanish`, ...).
    #[getter]
    fn alphabet(&self) -> String {
        self.session.lexicon.alphabet().name().to_string()
    }

    /// The number of words.
    #[getter]
    fn word_count(&self) -> u64 {
        self.session.lexicon.word_count()
    }

    fn __len__(&self) -> usize {
        self.session.lexicon.word_count() as usize
    }

    /// Whether `word` (any case; multi-character tiles as the alphabet
    /// spells them) is a word.
    fn contains(&self, word: &str) -> bool {
        self.session.lexicon.contains(word)
    }

    fn __contains__(&self, word: &Bound<'_, PyAny>) -> bool {
        word.cast::<PyString>()
            .is_ok_and(|w| self.session.lexicon.contains(&w.to_string()))
    }

    /// The words made of exactly the tiles of `rack` (`?` a blank, its
    /// letter shown in lower case), sorted; with `partial=True`, of some
    /// of them.
    #[pyo3(signature = (rack, partial = false))]
    fn anagram(&self, py: Python<'_>, rack: &str, partial: bool) -> PyResult<Vec<String>> {
        let p = if partial { Partial::Yes } else { Partial::No };
        let s = &self.session;
        py.detach(|| s.lexicon.anagram(rack, p)).map_err(err)
    }

    /// The words matching `pattern`, sorted: `?` one tile, `*` any run of
    /// tiles (none included), other characters themselves (`C?T*`).
    fn pattern(&self, py: Python<'_>, pattern: &str) -> PyResult<Vec<String>> {
        let s = &self.session;
        py.detach(|| s.lexicon.pattern(pattern)).map_err(err)
    }

    /// An iterator over the words starting with `prefix` (every word when
    /// `None`), in sorted order, read from the file as it goes.
    #[pyo3(signature = (prefix = None))]
    fn words(&self, prefix: Option<&str>) -> PyResult<WordIter> {
        WordIter::new(self.session.clone(), prefix.unwrap_or(""))
    }

    fn __iter__(&self) -> PyResult<WordIter> {
        WordIter::new(self.session.clone(), "")
    }

    /// The plays of a position, best first, as `Move` objects with the
    /// fields of `lexgraph moves --format json`.
    ///
    /// `position`: a CGP line (`BOARD RACK/RACK SCORE/SCORE ZERO_TURNS
    /// [OPCODES;]`), or the board's rows (a list of strings, or one string
    /// of lines; `.` an empty square) with `rack`. `rack` replaces the
    /// CGP's. `top`: the best N only. `leaves`: rank by equity with these
    /// leave values (`gordon1`, `gordon2`, `klv:FILE.klv2`, `csv:FILE`;
    /// exchanges and the pass rank too), parsed once per lexicon. Without
    /// `leaves`, by score; `exchanges=True` adds every distinct exchange
    /// (when the bag allows) and the pass after the placements. The GIL
    /// is released during the search.
    #[pyo3(signature = (position, rack = None, *, top = None, leaves = None, exchanges = false))]
    fn moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        rack: Option<&str>,
        top: Option<usize>,
        leaves: Option<&str>,
        exchanges: bool,
    ) -> PyResult<Vec<Move>> {
        let arg = position_arg(position)?;
        let s = &self.session;
        let (setup, listed) = py
            .detach(|| arg.run(s, rack, top, leaves, exchanges))
            .map_err(err)?;
        to_moves(py, self, setup, listed)
    }

    /// `moves` for many positions at once, on `threads` threads (1 to 256;
    /// all cores when `None`) with the GIL released: a list of move lists,
    /// in the order of `positions`. A bad position raises `LexgraphError`
    /// naming its index. Ctrl-C stops it within a position's search.
    #[pyo3(signature = (positions, rack = None, *, top = None, leaves = None, exchanges = false, threads = None))]
    #[allow(clippy::too_many_arguments)]
    fn moves_batch(
        &self,
        py: Python<'_>,
        positions: &Bound<'_, PyAny>,
        rack: Option<&str>,
        top: Option<usize>,
        leaves: Option<&str>,
        exchanges: bool,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Vec<Move>>> {
        let threads = thread_count(threads)?;
        let args = positions
            .try_iter()?
            .map(|p| position_arg(&p?))
            .collect::<PyResult<Vec<_>>>()?;
        let s = &self.session;
        let results = interruptible(py, threads, |stop| {
            args.par_iter()
                .map(|a| {
                    let go = !stop.load(Ordering::Relaxed);
                    go.then(|| a.run(s, rack, top, leaves, exchanges))
                })
                .collect::<Option<Vec<_>>>()
        })?;
        results
            .into_iter()
            .enumerate()
            .map(|(i, r)| {
                // Making millions of moves takes a while too.
                py.check_signals()?;
                match r {
                    Ok((setup, listed)) => to_moves(py, self, setup, listed),
                    Err(e) => Err(LexgraphError::new_err(format!("position {i}: {e}"))),
                }
            })
            .collect()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let cls = slf.get_type().into_any();
        let lex = slf.get();
        let how = if lex.in_memory { "read" } else { "open" };
        Ok((cls.getattr(how)?, (lex.path.clone(),)))
    }

    fn __repr__(&self) -> String {
        format!(
            "<lexgraph.Lexicon {} ({}, {} words)>",
            self.path,
            self.kind(),
            self.word_count()
        )
    }
}

/// Words in sorted order, streamed from a lexicon (see `Lexicon.words`).
#[pyclass(module = "lexgraph")]
struct WordIter {
    // Declared first, so dropped first: it borrows from `_session`.
    words: Words<'static>,
    _session: Arc<Session>,
}

impl WordIter {
    fn new(session: Arc<Session>, prefix: &str) -> PyResult<WordIter> {
        let words = session.lexicon.words_with_prefix(prefix).map_err(err)?;
        // SAFETY: `words` borrows the `Lexicon` inside the `Session`, which
        // lives on the heap behind `session` (an `Arc`: it never moves) and
        // is never mutated. The iterator keeps `session` alive in
        // `_session` and drops `words` first (field order), so the borrow
        // never outlives the lexicon; 'static is never handed out.
        let words = unsafe { std::mem::transmute::<Words<'_>, Words<'static>>(words) };
        Ok(WordIter {
            words,
            _session: session,
        })
    }
}

#[pymethods]
impl WordIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> PyResult<Option<String>> {
        match self.words.next() {
            Some(w) => Ok(Some(w)),
            None => self.words.check().map(|_| None).map_err(err),
        }
    }
}

/// A play: tiles placed, an exchange or the pass, with the fields of
/// `lexgraph moves --format json` (`to_dict()` gives that object).
/// Picklable; equal to another move of the same play, ranking and board
/// from the same lexicon path.
#[pyclass(module = "lexgraph", frozen)]
struct Move {
    listed: Listed,
    shared: Py<Shared>,
}

/// What the moves of one position share: the board before the move, the
/// lexicon's alphabet and path. One Python object per position, so that
/// pickling a position's moves writes it once (pickle memoizes objects).
#[pyclass(module = "lexgraph._lexgraph", name = "_MoveContext", frozen)]
#[derive(PartialEq)]
struct Shared {
    board: Board,
    alphabet: Alphabet,
    lexicon: String,
}

/// An alphabet as pickled: name, tiles (the blank first) as `(label,
/// score, count, vowel)`, folds.
type AlphabetState = (String, Vec<(String, u8, u8, bool)>, Vec<(String, String)>);

#[pymethods]
impl Shared {
    /// Rebuilds what `__reduce__` gave, checked as a file's alphabet
    /// and board are (a bad pickle raises, never panics).
    #[new]
    fn new(
        lexicon: String,
        alphabet: AlphabetState,
        size: usize,
        squares: &Bound<'_, PyBytes>,
    ) -> PyResult<Shared> {
        let (name, tiles, folds) = alphabet;
        let mut tiles = tiles
            .into_iter()
            .map(|(label, score, count, vowel)| TileInfo {
                label,
                score,
                count,
                vowel,
            });
        let blank = tiles
            .next()
            .ok_or_else(|| PyValueError::new_err("an alphabet without tiles"))?;
        let alphabet = Alphabet::from_parts(&name, blank, tiles.collect(), folds).map_err(err)?;
        let squares = squares.as_bytes();
        if !(1..=MAX_SIZE).contains(&size) || squares.len() != size * size {
            return Err(PyValueError::new_err("a bad board"));
        }
        let mut board = Board::new(size);
        for (i, &sq) in squares.iter().enumerate() {
            if sq != 0 && !is_tile(&alphabet, sq) {
                return Err(PyValueError::new_err(format!("a bad square: {sq}")));
            }
            board.set(i / size, i % size, sq);
        }
        Ok(Shared {
            board,
            alphabet,
            lexicon,
        })
    }

    /// `(cls, args)`: `__getnewargs__` would not serve pickle protocols 0
    /// and 1.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (
        Bound<'py, PyType>,
        (String, AlphabetState, usize, Bound<'py, PyBytes>),
    ) {
        let (py, this) = (slf.py(), slf.get());
        let a = &this.alphabet;
        let tiles = a.tiles().iter();
        let alphabet = (
            a.name().to_string(),
            tiles
                .map(|t| (t.label.clone(), t.score, t.count, t.vowel))
                .collect(),
            a.folds().to_vec(),
        );
        let squares = PyBytes::new(py, this.board.squares());
        let args = (this.lexicon.clone(), alphabet, this.board.size(), squares);
        (slf.get_type(), args)
    }
}

/// Whether `sq` is a tile of `a` (played as a blank or not).
fn is_tile(a: &Alphabet, sq: u8) -> bool {
    (1..=a.len()).contains(&((sq & !BLANK_FLAG) as usize))
}

/// A rack of tiles of `a` (0: a blank) from a pickle.
fn rack_of(a: &Alphabet, tiles: &[u8]) -> PyResult<Rack> {
    if tiles.len() > 255 || tiles.iter().any(|&t| t as usize > a.len()) {
        return Err(PyValueError::new_err("a bad rack"));
    }
    Ok(Rack::from_tiles(tiles))
}

/// An `f32` as the `float` its shortest decimal form reads as (what the
/// JSON output prints): 12.3, not 12.300000190734863.
fn float(x: f32) -> f64 {
    format!("{x}").parse().unwrap_or(x as f64)
}

impl Move {
    fn placed(&self) -> Option<&lexgraph::Move> {
        match &self.listed.play {
            Play::Place(m) => Some(m),
            _ => None,
        }
    }

    fn ctx(&self) -> &Shared {
        self.shared.get()
    }

    /// The library's play record of this play, on the board before it.
    fn record(&self) -> lexgraph::equity::PlayRecord {
        let s = self.ctx();
        lexgraph::equity::PlayRecord::new(&self.listed, &s.board, &s.alphabet)
    }
}

impl From<lexgraph::equity::record::TileRecord> for Tile {
    fn from(t: lexgraph::equity::record::TileRecord) -> Tile {
        Tile {
            row: t.row,
            col: t.col,
            letter: t.letter,
            blank: t.blank,
        }
    }
}

impl From<lexgraph::equity::record::WordRecord> for CrossWord {
    fn from(w: lexgraph::equity::record::WordRecord) -> CrossWord {
        CrossWord {
            row: w.row,
            col: w.col,
            dir: w.dir,
            word: w.word,
        }
    }
}

/// A play as pickled: kind, then for a placement its direction, first
/// square, word squares, placed-squares mask and score; for an exchange,
/// its tiles in the squares' place.
type PlayState<'a> = (&'a str, Option<&'a str>, u8, u8, Vec<u8>, u32, i32);

#[pymethods]
impl Move {
    /// Rebuilds a pickled move (see `__reduce__`), checked against the
    /// board and alphabet of `shared`.
    #[staticmethod]
    fn _restore(
        shared: Bound<'_, Shared>,
        play: (String, Option<String>, u8, u8, Vec<u8>, u32, i32),
        ranked: Option<(f64, Vec<u8>)>,
    ) -> PyResult<Move> {
        let ctx = shared.get();
        let (a, size) = (&ctx.alphabet, ctx.board.size());
        let (kind, dir, row, col, tiles, placed, score) = play;
        let bad = || PyValueError::new_err("a bad move");
        let play = match kind.as_str() {
            "place" => {
                let dir = match dir.as_deref() {
                    Some("across") => Dir::Across,
                    Some("down") => Dir::Down,
                    _ => return Err(bad()),
                };
                let len = tiles.len();
                let along = if dir == Dir::Across { col } else { row } as usize;
                let fits = (1..=MAX_SIZE).contains(&len)
                    && (row as usize) < size
                    && (col as usize) < size
                    && along + len <= size;
                let all_placed = (1u64 << len) - 1;
                if !fits
                    || !tiles.iter().all(|&sq| is_tile(a, sq))
                    || placed == 0
                    || u64::from(placed) & !all_placed != 0
                {
                    return Err(bad());
                }
                let mut word = [0; MAX_SIZE];
                word[..len].copy_from_slice(&tiles);
                Play::Place(lexgraph::Move {
                    dir,
                    row,
                    col,
                    len: len as u8,
                    word,
                    placed,
                    score,
                })
            }
            "exchange" => Play::Exchange(rack_of(a, &tiles)?),
            "pass" => Play::Pass,
            _ => return Err(bad()),
        };
        let ranked = match ranked {
            // An f32 widened to f64 narrows back exactly.
            Some((equity, leave)) => Some((equity as f32, rack_of(a, &leave)?)),
            None => None,
        };
        Ok(Move {
            listed: Listed { play, ranked },
            shared: shared.unbind(),
        })
    }

    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (Py<Shared>, PlayState<'py>, Option<(f64, Vec<u8>)>),
    )> {
        let m = slf.get();
        let restore = slf.get_type().getattr("_restore")?;
        let play = match &m.listed.play {
            Play::Place(p) => (
                "place",
                Some(p.dir.name()),
                p.row,
                p.col,
                p.word().to_vec(),
                p.placed,
                p.score,
            ),
            Play::Exchange(r) => ("exchange", None, 0, 0, r.tiles(), 0, 0),
            Play::Pass => ("pass", None, 0, 0, Vec::new(), 0, 0),
        };
        let ranked = m
            .listed
            .ranked
            .as_ref()
            .map(|(e, r)| (*e as f64, r.tiles()));
        Ok((restore, (m.shared.clone_ref(slf.py()), play, ranked)))
    }

    fn __eq__(&self, other: PyRef<'_, Move>) -> bool {
        let (a, b) = (self.ctx(), other.ctx());
        self.listed == other.listed && (std::ptr::eq(a, b) || a == b)
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.ctx().lexicon.hash(&mut h);
        match &self.listed.play {
            Play::Place(m) => m.hash(&mut h),
            Play::Exchange(r) => r.hash(&mut h),
            Play::Pass => 0.hash(&mut h),
        }
        h.finish()
    }

    /// `"place"`, `"exchange"` or `"pass"`.
    #[getter(r#type)]
    fn kind(&self) -> &'static str {
        lexgraph::equity::record::play_kind(&self.listed.play)
    }

    /// The main word's first square, row (0-based); `None` if not a placement.
    #[getter]
    fn row(&self) -> Option<usize> {
        self.placed().map(|m| m.row as usize)
    }

    /// The main word's first square, column (0-based); `None` if not a placement.
    #[getter]
    fn col(&self) -> Option<usize> {
        self.placed().map(|m| m.col as usize)
    }

    /// `"across"` or `"down"`; `None` if not a placement.
    #[getter]
    fn dir(&self) -> Option<&'static str> {
        self.placed().map(|m| m.dir.name())
    }

    /// Players' notation (`8D QUIRE`); `None` if not a placement.
    #[getter]
    fn notation(&self) -> Option<String> {
        self.placed().map(|m| m.notation(&self.ctx().alphabet))
    }

    /// The whole main word, blanks in lower case; `None` if not a placement.
    #[getter]
    fn word(&self) -> Option<String> {
        self.placed().map(|m| m.word_text(&self.ctx().alphabet))
    }

    /// The tiles placed, in word order (empty if not a placement).
    #[getter]
    fn tiles(&self) -> Vec<Tile> {
        self.record().tiles.into_iter().map(Tile::from).collect()
    }

    /// The words formed across the main word (`[]` when none); `None` if
    /// not a placement.
    #[getter]
    fn cross_words(&self) -> Option<Vec<CrossWord>> {
        let words = self.record().cross_words?;
        Some(words.into_iter().map(CrossWord::from).collect())
    }

    /// The tiles exchanged; `None` if not an exchange.
    #[getter]
    fn exchange(&self) -> Option<String> {
        match &self.listed.play {
            Play::Exchange(r) => Some(r.to_text(&self.ctx().alphabet)),
            _ => None,
        }
    }

    /// Points scored (0 for an exchange or the pass).
    #[getter]
    fn score(&self) -> i32 {
        self.listed.play.score()
    }

    /// Score plus the value of the tiles kept; `None` unless ranked by
    /// equity (`leaves=`).
    #[getter]
    fn equity(&self) -> Option<f64> {
        self.listed.ranked.as_ref().map(|r| float(r.0))
    }

    /// The tiles kept (`""`: none); `None` unless ranked by equity.
    #[getter]
    fn leave(&self) -> Option<String> {
        self.listed
            .ranked
            .as_ref()
            .map(|r| r.1.to_text(&self.ctx().alphabet))
    }

    /// The lexicon file the move comes from.
    #[getter]
    fn lexicon(&self) -> &str {
        &self.ctx().lexicon
    }

    /// The object `lexgraph moves --format json` prints for this play
    /// (the same keys, absent ones left out).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let r = self.record();
        let d = PyDict::new(py);
        d.set_item("lexicon", self.lexicon())?;
        d.set_item("type", r.kind)?;
        if let (Some(row), Some(col), Some(dir)) = (r.row, r.col, r.dir) {
            d.set_item("row", row)?;
            d.set_item("col", col)?;
            d.set_item("dir", dir)?;
            d.set_item("notation", r.notation)?;
            d.set_item("word", r.word)?;
        }
        let tiles = PyList::empty(py);
        for t in r.tiles {
            tiles.append(Tile::from(t).to_dict(py)?)?;
        }
        d.set_item("tiles", tiles)?;
        if let Some(cw) = r.cross_words {
            let l = PyList::empty(py);
            for c in cw {
                l.append(CrossWord::from(c).to_dict(py)?)?;
            }
            d.set_item("cross_words", l)?;
        }
        if let Some(x) = r.exchange {
            d.set_item("exchange", x)?;
        }
        d.set_item("score", r.score)?;
        if let Some(e) = r.equity {
            d.set_item("equity", float(e))?;
            d.set_item("leave", r.leave)?;
        }
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let text = self.listed.play.text(&self.ctx().alphabet);
        match self.equity() {
            Some(e) => format!("<Move {text} {} equity={e}>", self.score()),
            None => format!("<Move {text} {}>", self.score()),
        }
    }
}

/// A tile placed by a move. Picklable, and equal when every field is.
#[pyclass(module = "lexgraph", frozen, eq, hash, get_all)]
#[derive(PartialEq, Hash)]
struct Tile {
    /// Square, 0-based.
    row: usize,
    /// Square, 0-based.
    col: usize,
    /// The tile: upper case, lower case for a blank, `[CH]` for a
    /// multi-character tile.
    letter: String,
    /// True for a blank.
    blank: bool,
}

#[pymethods]
impl Tile {
    #[new]
    fn new(row: usize, col: usize, letter: String, blank: bool) -> Tile {
        Tile {
            row,
            col,
            letter,
            blank,
        }
    }

    fn __getnewargs__(&self) -> (usize, usize, &str, bool) {
        (self.row, self.col, &self.letter, self.blank)
    }

    /// `{"row", "col", "letter", "blank"}` as in the JSON output.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("row", self.row)?;
        d.set_item("col", self.col)?;
        d.set_item("letter", &self.letter)?;
        d.set_item("blank", self.blank)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!("<Tile {} at {},{}>", self.letter, self.row, self.col)
    }
}

/// A word a move forms across its main word. Picklable, and equal when
/// every field is.
#[pyclass(module = "lexgraph", frozen, eq, hash, get_all)]
#[derive(PartialEq, Hash)]
struct CrossWord {
    /// First square, 0-based.
    row: usize,
    /// First square, 0-based.
    col: usize,
    /// `"across"` or `"down"`.
    dir: &'static str,
    /// The word, blanks in lower case.
    word: String,
}

#[pymethods]
impl CrossWord {
    #[new]
    fn new(row: usize, col: usize, dir: &str, word: String) -> PyResult<CrossWord> {
        let dir = match dir {
            "across" => Dir::Across,
            "down" => Dir::Down,
            _ => return Err(PyValueError::new_err("dir is \"across\" or \"down\"")),
        };
        Ok(CrossWord {
            row,
            col,
            dir: dir.name(),
            word,
        })
    }

    fn __getnewargs__(&self) -> (usize, usize, &str, &str) {
        (self.row, self.col, self.dir, &self.word)
    }

    /// `{"row", "col", "dir", "word"}` as in the JSON output.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("row", self.row)?;
        d.set_item("col", self.col)?;
        d.set_item("dir", self.dir)?;
        d.set_item("word", &self.word)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "<CrossWord {} {} at {},{}>",
            self.word, self.dir, self.row, self.col
        )
    }
}

/// Compiles a word list into `OUT.dawg` and `OUT.gaddag` (`out` without
/// extension; written atomically) and returns the two paths.
///
/// `words`: a path to a word list file (UTF-8, one word per line, `#`
/// comments), or an iterable of words. `alphabet`: a built-in name
/// (`english`, `spanish`, `polish`, `catalan`, `super-english`) or an
/// alphabet file; English by default. Ctrl-C raises at once; the build
/// under way (the library's, which cannot be cut short) goes on in the
/// background until it ends, and then writes no file.
#[pyfunction]
#[pyo3(signature = (words, out, *, alphabet = None))]
fn compile(
    py: Python<'_>,
    words: &Bound<'_, PyAny>,
    out: PathBuf,
    alphabet: Option<&str>,
) -> PyResult<(String, String)> {
    let source: Result<PathBuf, Vec<u8>> = match words.extract::<PathBuf>() {
        Ok(p) if !words.is_instance_of::<PyList>() && !words.is_instance_of::<PyTuple>() => Ok(p),
        _ => {
            let mut text = Vec::new();
            for (i, w) in words.try_iter()?.enumerate() {
                // Iterating a list runs no Python code, which would run
                // the signal handlers.
                if i % 65536 == 65535 {
                    py.check_signals()?;
                }
                let w: String = w?.extract()?;
                if w.contains('\n') {
                    return Err(LexgraphError::new_err(format!(
                        "a word holds a line break: {w:?}"
                    )));
                }
                text.extend_from_slice(w.as_bytes());
                text.push(b'\n');
            }
            Err(text)
        }
    };
    // The library's build cannot be cut short, so it runs on a thread of its
    // own that Ctrl-C leaves behind: the call raises at once, and the
    // thread, finding `stopped` set when its build ends, writes nothing
    // (the flag is taken for the whole write, so a write under way when
    // the signal comes is finished first, and no half pair is left).
    let alphabet = alphabet.map(str::to_string);
    let stopped = Arc::new(std::sync::Mutex::new(false));
    let (done, finished) = mpsc::channel();
    {
        let (stopped, out) = (stopped.clone(), out.clone());
        std::thread::spawn(move || {
            let run = || -> lexgraph::Result<()> {
                let a = alphabet
                    .as_deref()
                    .map_or_else(|| Ok(Alphabet::english()), Alphabet::named)?;
                let words = match &source {
                    Ok(path) => WordList::read(path, &a, Invalid::Refuse)?,
                    Err(text) => WordList::parse(text, "words", &a, Invalid::Refuse)?,
                };
                if words.is_empty() {
                    return Err(lexgraph::Error::Query("the word list holds no word".into()));
                }
                if *stopped.lock().unwrap_or_else(|e| e.into_inner()) {
                    return Ok(());
                }
                let files = lexgraph::compile::try_compile(&words)?;
                let stop = stopped.lock().unwrap_or_else(|e| e.into_inner());
                if *stop {
                    return Ok(());
                }
                let both = [(Kind::Dawg, &files.dawg[..]), (Kind::Gaddag, &files.gaddag)];
                lexgraph::compile::write_lexicon(&out, &both)?;
                drop(stop);
                Ok(())
            };
            // The receiver is gone after an interrupt: nothing to tell.
            let _ = done.send(run());
        });
    }
    let result = py.detach(move || loop {
        match finished.recv_timeout(SIGNAL_POLL) {
            Ok(r) => break Ok(r),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(e) = Python::attach(|py| py.check_signals()) {
                    *stopped.lock().unwrap_or_else(|e| e.into_inner()) = true;
                    break Err(e);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Err(PySystemError::new_err("compile stopped without an answer"))
            }
        }
    })?;
    result.map_err(err)?;
    let with = |ext: &str| {
        let mut s = out.as_os_str().to_owned();
        s.push(".");
        s.push(ext);
        PathBuf::from(s).display().to_string()
    };
    Ok((with("dawg"), with("gaddag")))
}

/// One game's result by player (index 0: the first strategy named).
/// Picklable, and equal when every field is.
#[pyclass(module = "lexgraph", frozen, eq, get_all)]
#[derive(Clone, PartialEq)]
struct GameStats {
    /// The game's number in the match.
    number: u64,
    /// Which player moved first (0 or 1).
    first: usize,
    /// Final scores.
    scores: (i32, i32),
    /// Bingos played.
    bingos: (u32, u32),
    /// Turns taken.
    turns: (u32, u32),
    /// Points scored by placements (the end-of-game settlement left out).
    points: (i64, i64),
    /// Legal placements summed over each player's turns (`count_moves=True`).
    legal_moves: (u64, u64),
}

impl From<&GameStats> for matchplay::GameStats {
    fn from(g: &GameStats) -> matchplay::GameStats {
        matchplay::GameStats {
            number: g.number,
            first: g.first,
            scores: [g.scores.0, g.scores.1],
            bingos: [g.bingos.0, g.bingos.1],
            turns: [g.turns.0, g.turns.1],
            points: [g.points.0, g.points.1],
            legal_moves: [g.legal_moves.0, g.legal_moves.1],
        }
    }
}

impl From<&matchplay::GameStats> for GameStats {
    fn from(g: &matchplay::GameStats) -> GameStats {
        GameStats {
            number: g.number,
            first: g.first,
            scores: (g.scores[0], g.scores[1]),
            bingos: (g.bingos[0], g.bingos[1]),
            turns: (g.turns[0], g.turns[1]),
            points: (g.points[0], g.points[1]),
            legal_moves: (g.legal_moves[0], g.legal_moves[1]),
        }
    }
}

#[pymethods]
impl GameStats {
    #[new]
    fn new(
        number: u64,
        first: usize,
        scores: (i32, i32),
        bingos: (u32, u32),
        turns: (u32, u32),
        points: (i64, i64),
        legal_moves: (u64, u64),
    ) -> GameStats {
        GameStats {
            number,
            first,
            scores,
            bingos,
            turns,
            points,
            legal_moves,
        }
    }

    #[allow(clippy::type_complexity)]
    fn __getnewargs__(
        &self,
    ) -> (
        u64,
        usize,
        (i32, i32),
        (u32, u32),
        (u32, u32),
        (i64, i64),
        (u64, u64),
    ) {
        (
            self.number,
            self.first,
            self.scores,
            self.bingos,
            self.turns,
            self.points,
            self.legal_moves,
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "GameStats(number={}, first={}, scores={:?}, bingos={:?}, turns={:?}, points={:?}, legal_moves={:?})",
            self.number, self.first, self.scores, self.bingos, self.turns, self.points, self.legal_moves
        )
    }
}

/// A match's statistics, for the first strategy against the second.
/// Picklable, and equal when every field is.
#[pyclass(module = "lexgraph", frozen, eq, get_all)]
#[derive(Clone, PartialEq)]
struct Summary {
    /// Games played.
    games: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    /// (wins + draws / 2) / games.
    win_rate: f64,
    /// The 95 % confidence interval of the win rate.
    win_rate_ci95: (f64, f64),
    /// Mean final score of each player.
    mean_score: (f64, f64),
    /// Mean of the first player's score less the second's.
    mean_spread: f64,
    /// Standard deviation of the spread.
    spread_sd: f64,
    bingos_per_game: (f64, f64),
    /// Placement points per turn.
    points_per_turn: (f64, f64),
    turns_per_game: f64,
    /// Legal placements per turn (with `count_moves=True`), else `None`.
    moves_per_turn: Option<f64>,
}

impl From<matchplay::Summary> for Summary {
    fn from(s: matchplay::Summary) -> Summary {
        Summary {
            games: s.games,
            wins: s.wins,
            draws: s.draws,
            losses: s.losses,
            win_rate: s.win_rate,
            win_rate_ci95: s.win_rate_ci95,
            mean_score: (s.mean_score[0], s.mean_score[1]),
            mean_spread: s.mean_spread,
            spread_sd: s.spread_sd,
            bingos_per_game: (s.bingos_per_game[0], s.bingos_per_game[1]),
            points_per_turn: (s.points_per_turn[0], s.points_per_turn[1]),
            turns_per_game: s.turns_per_game,
            moves_per_turn: s.moves_per_turn,
        }
    }
}

#[pymethods]
impl Summary {
    #[new]
    #[pyo3(signature = (games, wins, draws, losses, win_rate, win_rate_ci95, mean_score, mean_spread, spread_sd, bingos_per_game, points_per_turn, turns_per_game, moves_per_turn = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        games: u64,
        wins: u64,
        draws: u64,
        losses: u64,
        win_rate: f64,
        win_rate_ci95: (f64, f64),
        mean_score: (f64, f64),
        mean_spread: f64,
        spread_sd: f64,
        bingos_per_game: (f64, f64),
        points_per_turn: (f64, f64),
        turns_per_game: f64,
        moves_per_turn: Option<f64>,
    ) -> Summary {
        Summary {
            games,
            wins,
            draws,
            losses,
            win_rate,
            win_rate_ci95,
            mean_score,
            mean_spread,
            spread_sd,
            bingos_per_game,
            points_per_turn,
            turns_per_game,
            moves_per_turn,
        }
    }

    /// The constructor's arguments by name: the fields (13: more than a
    /// tuple converts).
    fn __getnewargs_ex__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, PyDict>)> {
        Ok((PyTuple::empty(py), self.to_dict(py)?))
    }

    /// The fields as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("games", self.games)?;
        d.set_item("wins", self.wins)?;
        d.set_item("draws", self.draws)?;
        d.set_item("losses", self.losses)?;
        d.set_item("win_rate", self.win_rate)?;
        d.set_item("win_rate_ci95", self.win_rate_ci95)?;
        d.set_item("mean_score", self.mean_score)?;
        d.set_item("mean_spread", self.mean_spread)?;
        d.set_item("spread_sd", self.spread_sd)?;
        d.set_item("bingos_per_game", self.bingos_per_game)?;
        d.set_item("points_per_turn", self.points_per_turn)?;
        d.set_item("turns_per_game", self.turns_per_game)?;
        d.set_item("moves_per_turn", self.moves_per_turn)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "Summary(games={}, wins={}, draws={}, losses={}, win_rate={:.4}, mean_spread={:.2})",
            self.games, self.wins, self.draws, self.losses, self.win_rate, self.mean_spread
        )
    }
}

fn players(lex: &Lexicon, p1: &str, p2: &str) -> PyResult<[Strategy; 2]> {
    let a = lex.session.lexicon.alphabet();
    Ok([
        Strategy::parse(p1, a).map_err(err)?,
        Strategy::parse(p2, a).map_err(err)?,
    ])
}

/// Plays games `numbers` of a match with the standard rules on the current
/// rayon pool, in game order, as `matchplay::play_range` does, but stopping
/// (`None`) once `stop` is set: each game is `matchplay::play_one`, so the
/// games are the library's, whatever the thread count.
fn play_range(
    lex: &lexgraph::Lexicon,
    players: &[Strategy; 2],
    settings: &Settings,
    numbers: std::ops::Range<u64>,
    stop: &AtomicBool,
) -> Option<lexgraph::Result<Vec<matchplay::GameStats>>> {
    let rules = Rules::default();
    let games = numbers
        .into_par_iter()
        .map_init(
            || Generator::new(rules.clone()),
            |gen, number| {
                let go = !stop.load(Ordering::Relaxed);
                // The game itself is dropped here: only its statistics stay.
                go.then(|| matchplay::play_one(gen, lex, players, settings, number).map(|g| g.1))
            },
        )
        .collect::<Option<Vec<_>>>()?;
    Some(games.into_iter().collect())
}

/// Plays games `start .. start + count` of the match of strategy `p1`
/// against `p2` with seed `seed` (standard rules), on `threads` threads (1
/// to 256; all cores when `None`) with the GIL released, and returns their
/// `GameStats` in game order. Each game depends only on the seed and its
/// number: shards played anywhere, merged with `summarize`, give exactly
/// `play_match`'s summary. Strategies: `greedy`, `gordon1`, `gordon2`,
/// `klv:FILE`, `csv:FILE`, `gordon1:FILE`, `gordon2:FILE`. The lexicon must
/// be a GADDAG or DAWG of the game's alphabet. Ctrl-C stops it within a
/// game.
#[pyfunction]
#[pyo3(signature = (lexicon, p1, p2, seed, start, count, *, count_moves = false, threads = None))]
#[allow(clippy::too_many_arguments)]
fn play_games(
    py: Python<'_>,
    lexicon: &Lexicon,
    p1: &str,
    p2: &str,
    seed: u64,
    start: u64,
    count: u64,
    count_moves: bool,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<GameStats>> {
    let threads = thread_count(threads)?;
    let players = players(lexicon, p1, p2)?;
    let settings = Settings {
        games: count,
        seed,
        count_moves,
    };
    let end = start
        .checked_add(count)
        .ok_or_else(|| LexgraphError::new_err("start + count overflows"))?;
    let lex = &lexicon.session.lexicon;
    let games = interruptible(py, threads, |stop| {
        play_range(lex, &players, &settings, start..end, stop)
    })?
    .map_err(err)?;
    Ok(games.iter().map(GameStats::from).collect())
}

/// The `Summary` of a list of games, put in game order first (so shards
/// may come in any order). `count_moves`: report `moves_per_turn`; by
/// default, when any game counted its legal moves.
#[pyfunction]
#[pyo3(signature = (stats, *, count_moves = None))]
fn summarize(stats: Vec<PyRef<'_, GameStats>>, count_moves: Option<bool>) -> Summary {
    let mut games: Vec<matchplay::GameStats> = stats.iter().map(|g| (&**g).into()).collect();
    games.sort_by_key(|g| g.number);
    let counted = count_moves.unwrap_or_else(|| games.iter().any(|g| g.legal_moves != [0, 0]));
    matchplay::summarize(&games, counted).into()
}

/// Plays a whole match of `games` games on this machine (`threads`
/// threads, 1 to 256; all cores when `None`; the GIL released) and returns
/// its `Summary`: what `lexgraph match` reports, whatever the thread count.
/// Ctrl-C stops it within a game.
#[pyfunction]
#[pyo3(signature = (lexicon, p1, p2, games, seed, *, count_moves = false, threads = None))]
#[allow(clippy::too_many_arguments)]
fn play_match(
    py: Python<'_>,
    lexicon: &Lexicon,
    p1: &str,
    p2: &str,
    games: u64,
    seed: u64,
    count_moves: bool,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Summary> {
    let threads = thread_count(threads)?;
    let players = players(lexicon, p1, p2)?;
    let settings = Settings {
        games,
        seed,
        count_moves,
    };
    let lex = &lexicon.session.lexicon;
    let played = interruptible(py, threads, |stop| {
        play_range(lex, &players, &settings, 0..games, stop)
    })?
    .map_err(err)?;
    Ok(matchplay::summarize(&played, count_moves).into())
}

/// lexgraph: crossword-game lexicons (DAWG, GADDAG), word queries, move
/// generation ranked by score or equity, and match play.
#[pymodule]
fn _lexgraph(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("LexgraphError", m.py().get_type::<LexgraphError>())?;
    m.add_class::<Lexicon>()?;
    m.add_class::<WordIter>()?;
    m.add_class::<Move>()?;
    m.add_class::<Shared>()?;
    m.add_class::<Tile>()?;
    m.add_class::<CrossWord>()?;
    m.add_class::<GameStats>()?;
    m.add_class::<Summary>()?;
    m.add_function(wrap_pyfunction!(compile, m)?)?;
    m.add_function(wrap_pyfunction!(play_games, m)?)?;
    m.add_function(wrap_pyfunction!(play_match, m)?)?;
    m.add_function(wrap_pyfunction!(summarize, m)?)?;
    Ok(())
}
