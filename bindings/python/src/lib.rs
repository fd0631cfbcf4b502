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
use lexgraph::matchplay::{self, MatchSettings};
use lexgraph::movegen::Dir;
use lexgraph::query::Words;
use lexgraph::rack::Rack;
use lexgraph::rules::MAX_SIZE;
use lexgraph::strategy::Strategy;
use lexgraph::{Alphabet, Board, Generator, Invalid, Kind, Partial, Rules, WordList};
use lexgraph_engine::{By, Input, Listed, Session, Setup};

mod check;
mod games;
mod moves;
mod train;

use check::*;
use games::*;
use moves::*;
use train::*;

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
        by: By,
        leaves: Option<&str>,
        exchanges: bool,
    ) -> lexgraph::Result<(Setup, Vec<Listed>)> {
        match self {
            PositionArg::Cgp(line) => s.moves(Input::Cgp(line), rack, top, by, leaves, exchanges),
            PositionArg::Rows(rows) => {
                let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
                s.moves(Input::Rows(&rows), rack, top, by, leaves, exchanges)
            }
        }
    }

    /// Runs `f` on this position as the engine's input.
    fn with<T>(&self, f: impl FnOnce(Input<'_>) -> T) -> T {
        match self {
            PositionArg::Cgp(line) => f(Input::Cgp(line)),
            PositionArg::Rows(rows) => {
                let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
                f(Input::Rows(&rows))
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
            session: Arc::new(Session::new(lexicon, Some(path))),
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
    /// CGP's. `top`: the best N only.
    ///
    /// `by="equity"` (the default) ranks by equity, score plus the value
    /// of the tiles kept, exchanges and the pass among the plays, with the
    /// leave values `leaves` names: `auto` or `None` (the lexicon's own,
    /// `X.klv2` beside `X.gaddag`, else Gordon's Heuristic 2), `gordon1`,
    /// `gordon2`, `klv:FILE.klv2` or `csv:FILE`, parsed once per lexicon.
    /// `by="score"` ranks the placements by score; `exchanges=True` then
    /// adds every distinct exchange (when the bag allows) and the pass
    /// after them. The GIL is released during the search.
    #[pyo3(signature = (position, rack = None, *, top = None, by = "equity", leaves = None, exchanges = false))]
    #[allow(clippy::too_many_arguments)]
    fn moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        rack: Option<&str>,
        top: Option<usize>,
        by: &str,
        leaves: Option<&str>,
        exchanges: bool,
    ) -> PyResult<Vec<Move>> {
        let arg = position_arg(position)?;
        let by = By::parse(by).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let s = &self.session;
        let (setup, listed) = py
            .detach(|| arg.run(s, rack, top, by, leaves, exchanges))
            .map_err(err)?;
        to_moves(py, self, setup, listed)
    }

    /// Checks one play, in players' notation (`8D QUIRE` across, `D8
    /// QUIRe` down, lower case a blank, `.` a tile on the board), as
    /// `lexgraph moves --play` does: a `CheckedPlay` with `legal`, `score`,
    /// `words` (main word, then cross words) and `why` (the rules it
    /// breaks). `position` and `rack` as in `moves`. A play that does not
    /// parse, or a bad position, raises `LexgraphError`; an illegal play
    /// does not.
    #[pyo3(signature = (position, play, rack = None))]
    fn check_play(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        play: &str,
        rack: Option<&str>,
    ) -> PyResult<CheckedPlay> {
        let arg = position_arg(position)?;
        let s = &self.session;
        let (setup, checked) = py
            .detach(|| arg.with(|input| s.check_play(input, rack, play)))
            .map_err(err)?;
        CheckedPlay::of(py, self, play, setup, checked)
    }

    /// `moves` for many positions at once, on `threads` threads (1 to 256;
    /// all cores when `None`) with the GIL released: a list with the moves
    /// of each position, in the order of `positions`. A bad position
    /// raises `LexgraphError` naming its index (`errors="raise"`, the
    /// default) or, with `errors="return"`, takes a `LexgraphError` in its
    /// moves' place (its message what `lexgraph moves --cgp-file` prints
    /// for the line, its `position` the index), the others' moves kept.
    /// Ctrl-C stops it within a position's search.
    #[pyo3(signature = (positions, rack = None, *, top = None, by = "equity", leaves = None, exchanges = false, threads = None, errors = "raise"))]
    #[allow(clippy::too_many_arguments)]
    fn moves_batch(
        &self,
        py: Python<'_>,
        positions: &Bound<'_, PyAny>,
        rack: Option<&str>,
        top: Option<usize>,
        by: &str,
        leaves: Option<&str>,
        exchanges: bool,
        threads: Option<&Bound<'_, PyAny>>,
        errors: &str,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let threads = thread_count(threads)?;
        let by = By::parse(by).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let on_error = OnError::parse(errors)?;
        let args = positions
            .try_iter()?
            .map(|p| position_arg(&p?))
            .collect::<PyResult<Vec<_>>>()?;
        let s = &self.session;
        // A bad leave spec is the call's error, not every position's.
        match (by, leaves) {
            (By::Equity, spec) => {
                let spec = spec.unwrap_or("auto");
                py.detach(|| s.leaves_for(spec)).map_err(err)?;
            }
            (By::Score, Some(_)) => {
                return Err(LexgraphError::new_err(
                    "leave values rank by equity: they do not go with ranking by score",
                ))
            }
            (By::Score, None) => {}
        }
        let results = interruptible(py, threads, |stop| {
            args.par_iter()
                .map(|a| {
                    let go = !stop.load(Ordering::Relaxed);
                    go.then(|| a.run(s, rack, top, by, leaves, exchanges))
                })
                .collect::<Option<Vec<_>>>()
        })?;
        results
            .into_iter()
            .enumerate()
            .map(|(i, r)| {
                // Making millions of moves takes a while too.
                py.check_signals()?;
                match (r, on_error) {
                    (Ok((setup, listed)), _) => Ok(to_moves(py, self, setup, listed)?
                        .into_pyobject(py)?
                        .into_any()
                        .unbind()),
                    (Err(e), OnError::Return) => batch_error(py, i, e),
                    (Err(e), OnError::Raise) => {
                        Err(LexgraphError::new_err(format!("position {i}: {e}")))
                    }
                }
            })
            .collect()
    }

    /// Simulates the best plays of a position a few plies ahead
    /// (`lexgraph sim`): a dict with `stopped` (budget, confidence, time),
    /// `iterations`, and `candidates`, best first, each a dict of `play`,
    /// `score`, `equity` (static), `leave`, `mean`, `stderr`, `low` and
    /// `high` (the interval at `stop`, or 95 %), `win`, `iterations` and
    /// `dropped` (the iterations after which it was dropped, or None).
    ///
    /// `leaves`: as in `moves` (default: the lexicon's own); `win_table`:
    /// `None` (the table beside the leaves), `"none"` or a file. `stop`: the
    /// confidence at which candidates behind are dropped (None: never).
    /// `time`: seconds at most. The same `seed` gives the same result on
    /// any number of `threads`. The GIL is released; Ctrl-C raises
    /// KeyboardInterrupt within a round.
    #[pyo3(signature = (position, rack = None, *, candidates = 15, plies = 2, iterations = 1000, time = None, stop = Some(0.99), seed = 1, leaves = None, win_table = None, threads = None))]
    #[allow(clippy::too_many_arguments)]
    fn sim<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'_, PyAny>,
        rack: Option<&str>,
        candidates: usize,
        plies: u32,
        iterations: u64,
        time: Option<f64>,
        stop: Option<f64>,
        seed: u64,
        leaves: Option<&str>,
        win_table: Option<&str>,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let threads = thread_count(threads)?;
        let time = match time {
            Some(t) if !(t > 0.0 && t < 1e7) => {
                return Err(PyValueError::new_err(format!("time={t}: seconds above 0")))
            }
            t => t.map(Duration::from_secs_f64),
        };
        let settings = lexgraph_engine::Settings {
            plies,
            iterations,
            time,
            confidence: stop,
            seed,
            ..lexgraph_engine::Settings::default()
        };
        settings
            .check()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let q = lexgraph_engine::SimQuery {
            candidates,
            settings,
            leaves,
            win_table,
        };
        let arg = position_arg(position)?;
        let s = &self.session;
        let run = interruptible(py, threads, |stop| {
            let r = match &arg {
                PositionArg::Cgp(line) => s.sim(Input::Cgp(line), rack, &q, stop),
                PositionArg::Rows(rows) => {
                    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
                    s.sim(Input::Rows(&rows), rack, &q, stop)
                }
            };
            match r {
                Ok((_, report)) if report.stopped == lexgraph_engine::Stopped::Interrupted => None,
                r => Some(r),
            }
        })?;
        let (_, report) = run.map_err(err)?;
        let a = s.lexicon.alphabet();
        let d = PyDict::new(py);
        d.set_item(
            "stopped",
            match report.stopped {
                lexgraph_engine::Stopped::Budget => "budget",
                lexgraph_engine::Stopped::Confidence => "confidence",
                lexgraph_engine::Stopped::Time => "time",
                lexgraph_engine::Stopped::Interrupted => "interrupted",
            },
        )?;
        d.set_item("iterations", report.iterations)?;
        let level = stop.unwrap_or(0.95);
        let finite = |x: f64| x.is_finite().then_some(x);
        let list = PyList::empty(py);
        for arm in &report.arms {
            let c = PyDict::new(py);
            let (lo, hi) = arm.interval(level);
            c.set_item("play", arm.play.text(a))?;
            c.set_item("score", arm.play.score())?;
            c.set_item("equity", float(arm.equity))?;
            c.set_item("leave", arm.leave.to_text(a))?;
            c.set_item("mean", arm.mean())?;
            c.set_item("stderr", finite(arm.stderr()))?;
            c.set_item("low", finite(lo))?;
            c.set_item("high", finite(hi))?;
            c.set_item("win", arm.win_rate())?;
            c.set_item("iterations", arm.iterations)?;
            c.set_item("dropped", arm.dropped)?;
            list.append(c)?;
        }
        d.set_item("candidates", list)?;
        Ok(d)
    }

    /// Solves a position whose bag is empty exactly (the opponent's rack,
    /// when the CGP leaves it out, is every tile unseen): a dict with
    /// `value` (the mover's points to the end less the opponent's),
    /// `final_spread`, `exact` (False when `time` or `depth` cut the search:
    /// the value is then an estimate), `depth`, `nodes`, `interrupted`,
    /// `racks`, `line` (dicts of `player` 0 or 1, `play`, `score`, `end`,
    /// `ending`) and `first_plays` (dicts of `play`, `value`,
    /// `upper_bound`; every one exact with `all_first_plays`). The value and
    /// the best play are the same on any number of `threads`. The GIL is
    /// released; Ctrl-C raises KeyboardInterrupt.
    #[pyo3(signature = (position, rack = None, *, time = None, depth = None, all_first_plays = false, threads = None))]
    #[allow(clippy::too_many_arguments)]
    fn endgame<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'_, PyAny>,
        rack: Option<&str>,
        time: Option<f64>,
        depth: Option<u32>,
        all_first_plays: bool,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let threads = thread_count(threads)?;
        let time = match time {
            Some(t) if !(t > 0.0 && t < 1e7) => {
                return Err(PyValueError::new_err(format!("time={t}: seconds above 0")))
            }
            t => t.map(Duration::from_secs_f64),
        };
        if depth == Some(0) {
            return Err(PyValueError::new_err("depth=0: at least one ply"));
        }
        let settings = lexgraph_engine::EndgameSettings {
            time,
            max_depth: depth,
            all_first_plays,
            ..lexgraph_engine::EndgameSettings::default()
        };
        let arg = position_arg(position)?;
        let s = &self.session;
        let run = interruptible(py, threads, |stop| {
            let r = match &arg {
                PositionArg::Cgp(line) => s.endgame(Input::Cgp(line), rack, &settings, stop),
                PositionArg::Rows(rows) => {
                    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
                    s.endgame(Input::Rows(&rows), rack, &settings, stop)
                }
            };
            match r {
                Ok(_) if stop.load(Ordering::Relaxed) => None,
                r => Some(r),
            }
        })?;
        let (setup, racks, sol) = run.map_err(err)?;
        let a = s.lexicon.alphabet();
        let d = PyDict::new(py);
        let spread = setup.position.scores[0] - setup.position.scores[1];
        d.set_item("value", sol.value)?;
        d.set_item("final_spread", spread + sol.value)?;
        d.set_item("exact", sol.exact)?;
        d.set_item("depth", sol.depth)?;
        d.set_item("nodes", sol.nodes)?;
        d.set_item("interrupted", sol.interrupted)?;
        d.set_item("racks", (racks[0].to_text(a), racks[1].to_text(a)))?;
        let line = PyList::empty(py);
        for st in &sol.line {
            let x = PyDict::new(py);
            x.set_item("player", st.player)?;
            x.set_item("play", st.play.text(a))?;
            x.set_item("score", st.score)?;
            x.set_item("end", st.end)?;
            x.set_item("ending", st.ending.map(|e| e.name()))?;
            line.append(x)?;
        }
        d.set_item("line", line)?;
        let firsts = PyList::empty(py);
        for f in &sol.first_plays {
            let x = PyDict::new(py);
            x.set_item("play", f.play.text(a))?;
            x.set_item("value", f.value)?;
            x.set_item("upper_bound", f.upper_bound)?;
            firsts.append(x)?;
        }
        d.set_item("first_plays", firsts)?;
        Ok(d)
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

/// Compiles a word list into `OUT.dawg` and `OUT.gaddag` (`out` without
/// extension; written atomically) and returns the two paths.
///
/// `words`: a path to a word list file (UTF-8, one word per line, `#`
/// comments), or an iterable of words. A list file's own leave values,
/// `LIST.klv2` beside it, are copied to `OUT.klv2`, where `moves` finds
/// them to rank by equity. `alphabet`: a built-in name
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
                if let Ok(path) = &source {
                    lexgraph::klv::copy_list_leaves(path, &out)?;
                }
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
    m.add_class::<CheckedPlay>()?;
    m.add_class::<GameStats>()?;
    m.add_class::<Summary>()?;
    m.add_function(wrap_pyfunction!(compile, m)?)?;
    m.add_function(wrap_pyfunction!(play_games, m)?)?;
    m.add_function(wrap_pyfunction!(play_match, m)?)?;
    m.add_function(wrap_pyfunction!(summarize, m)?)?;
    m.add_function(wrap_pyfunction!(train_games, m)?)?;
    m.add_function(wrap_pyfunction!(merge_tallies, m)?)?;
    m.add_function(wrap_pyfunction!(estimate_leaves, m)?)?;
    m.add_function(wrap_pyfunction!(win_table, m)?)?;
    m.add_function(wrap_pyfunction!(train_leaves, m)?)?;
    Ok(())
}
