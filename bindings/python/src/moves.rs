//! Plays as Python sees them: `Move`, its tiles and cross words, read from
//! the library's play record, and how they pickle.

use super::*;
use lexgraph::equity::record::{TileRecord, WordRecord};

/// A play: tiles placed, an exchange or the pass, with the fields of
/// `lexgraph moves --format json` (`to_dict()` gives that object).
/// Picklable; equal to another move of the same play, ranking and board
/// from the same lexicon path.
#[pyclass(module = "lexgraph", frozen)]
pub(crate) struct Move {
    pub(crate) listed: Listed,
    pub(crate) shared: Py<Shared>,
}

/// What the moves of one position share: the board before the move, the
/// lexicon's alphabet and path. One Python object per position, so that
/// pickling a position's moves writes it once (pickle memoizes objects).
#[pyclass(module = "lexgraph._lexgraph", name = "_MoveContext", frozen)]
#[derive(PartialEq)]
pub(crate) struct Shared {
    pub(crate) board: Board,
    pub(crate) alphabet: Alphabet,
    pub(crate) lexicon: String,
}

/// An alphabet as pickled: name, tiles (the blank first) as `(label,
/// score, count, vowel)`, folds.
pub(crate) type AlphabetState = (String, Vec<(String, u8, u8, bool)>, Vec<(String, String)>);

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
pub(crate) fn is_tile(a: &Alphabet, sq: u8) -> bool {
    (1..=a.len()).contains(&((sq & !BLANK_FLAG) as usize))
}

/// A rack of tiles of `a` (0: a blank) from a pickle.
pub(crate) fn rack_of(a: &Alphabet, tiles: &[u8]) -> PyResult<Rack> {
    if tiles.len() > 255 || tiles.iter().any(|&t| t as usize > a.len()) {
        return Err(PyValueError::new_err("a bad rack"));
    }
    Ok(Rack::from_tiles(tiles))
}

/// An `f32` as the `float` its shortest decimal form reads as (what the
/// JSON output prints): 12.3, not 12.300000190734863.
pub(crate) fn float(x: f32) -> f64 {
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

    /// The same play, ranking, board and lexicon path (what `==` says;
    /// `__hash__` hashes a part of it: the play and the path).
    pub(crate) fn same(&self, other: &Move) -> bool {
        let (a, b) = (self.ctx(), other.ctx());
        self.listed == other.listed && (std::ptr::eq(a, b) || a == b)
    }

    /// The library's play record of this play, on the board before it.
    fn record(&self) -> lexgraph::equity::PlayRecord {
        let s = self.ctx();
        lexgraph::equity::PlayRecord::new(&self.listed, &s.board, &s.alphabet)
    }
}

impl From<TileRecord> for Tile {
    fn from(t: TileRecord) -> Tile {
        Tile {
            row: t.row,
            col: t.col,
            letter: t.letter,
            blank: t.blank,
        }
    }
}

impl From<WordRecord> for CrossWord {
    fn from(w: WordRecord) -> CrossWord {
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
pub(crate) type PlayState<'a> = (&'a str, Option<&'a str>, u8, u8, Vec<u8>, u32, i32);

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
        self.same(&other)
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
        self.listed.play.kind()
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
        let Some(m) = self.placed() else {
            return Vec::new();
        };
        TileRecord::of_move(m, &self.ctx().alphabet)
            .into_iter()
            .map(Tile::from)
            .collect()
    }

    /// The words formed across the main word (`[]` when none); `None` if
    /// not a placement.
    #[getter]
    fn cross_words(&self) -> Option<Vec<CrossWord>> {
        let (m, s) = (self.placed()?, self.ctx());
        let words = WordRecord::cross_words_of(&s.board, m, &s.alphabet);
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
pub(crate) struct Tile {
    /// Square, 0-based.
    pub(crate) row: usize,
    /// Square, 0-based.
    pub(crate) col: usize,
    /// The tile: upper case, lower case for a blank, `[CH]` for a
    /// multi-character tile.
    pub(crate) letter: String,
    /// True for a blank.
    pub(crate) blank: bool,
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
pub(crate) struct CrossWord {
    /// First square, 0-based.
    pub(crate) row: usize,
    /// First square, 0-based.
    pub(crate) col: usize,
    /// `"across"` or `"down"`.
    pub(crate) dir: &'static str,
    /// The word, blanks in lower case.
    pub(crate) word: String,
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
