//! Move generation: a position's plays into a list (a handle) or through
//! a callback.

use std::ffi::{c_char, c_void};
use std::sync::Arc;

use lexgraph::equity::{Play, PlayRecord};
use lexgraph::Board;
use lexgraph_engine::{By, Input, Listed, Session};

use super::options::{self, fields, SizedOptions};
use super::{
    guard, handles, insert, lexgraph_lexicon, lexicon, null, opt_text, text, Fault, Handle,
};
use crate::lexgraph_status::{self, *};

/// A list of moves returned by [`lexgraph_generate`]. Opaque.
pub struct lexgraph_move_list {
    _private: [u8; 0],
}

/// What a play is.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum lexgraph_play_kind {
    /// Tiles placed on the board.
    LEXGRAPH_PLACE = 0,
    /// Tiles put back in the bag.
    LEXGRAPH_EXCHANGE = 1,
    /// No tile played.
    LEXGRAPH_PASS = 2,
}

/// The direction of a placement's main word.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum lexgraph_dir {
    /// Left to right (`8D QUIRE`).
    LEXGRAPH_ACROSS = 0,
    /// Top to bottom (`D8 QUIRE`).
    LEXGRAPH_DOWN = 1,
}

/// A tile placed by a move.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct lexgraph_tile {
    /// Square, 0-based.
    pub row: u32,
    /// Square, 0-based.
    pub col: u32,
    /// The tile as text: upper case, lower case for a blank, `[CH]` for a
    /// multi-character tile. NUL-terminated.
    pub letter: *const c_char,
    /// Bytes in `letter`, NUL not counted.
    pub letter_len: usize,
    /// True for a blank.
    pub blank: bool,
}

/// A word a placement forms across its main word.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct lexgraph_word {
    /// The word's first square, 0-based.
    pub row: u32,
    /// The word's first square, 0-based.
    pub col: u32,
    /// The word's direction (across a down play's main word, and so on).
    pub dir: lexgraph_dir,
    /// The word, blanks in lower case. NUL-terminated.
    pub word: *const c_char,
    /// Bytes in `word`, NUL not counted.
    pub word_len: usize,
}

/// A play: the library's play record (`lexgraph::equity::PlayRecord`, the
/// fields of `lexgraph moves --format json`). Its strings, tiles and words
/// live as long as the list (or, in a callback, the call).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct lexgraph_move {
    /// Placement, exchange or pass.
    pub kind: lexgraph_play_kind,
    /// Row of the main word's first square (0-based); -1 if not a placement.
    pub row: i32,
    /// Column of the main word's first square (0-based); -1 if not a placement.
    pub col: i32,
    /// Direction of the main word (`LEXGRAPH_ACROSS` if not a placement).
    pub dir: lexgraph_dir,
    /// Players' notation: `8D QUIRE`, `exchange AEI` or `pass`.
    pub notation: *const c_char,
    /// Bytes in `notation`.
    pub notation_len: usize,
    /// The whole main word, blanks in lower case; "" if not a placement.
    pub word: *const c_char,
    /// Bytes in `word`.
    pub word_len: usize,
    /// The tiles placed, in word order (`tiles_len` of them).
    pub tiles: *const lexgraph_tile,
    /// Number of `tiles`.
    pub tiles_len: usize,
    /// The tiles exchanged; "" if not an exchange.
    pub exchange: *const c_char,
    /// Bytes in `exchange`.
    pub exchange_len: usize,
    /// Points scored (0 for an exchange or pass).
    pub score: i32,
    /// True when ranked by equity (`leaves` given): `equity` and `leave`
    /// are set. Otherwise `equity` is the score and `leave` is "".
    pub ranked: bool,
    /// Score plus the value of the tiles kept.
    pub equity: f64,
    /// The tiles kept.
    pub leave: *const c_char,
    /// Bytes in `leave`.
    pub leave_len: usize,
    /// The words a placement forms across its main word
    /// (`cross_words_len` of them; none if not a placement).
    pub cross_words: *const lexgraph_word,
    /// Number of `cross_words`.
    pub cross_words_len: usize,
}

/// How to generate moves. Zero it (`= {0}`), set `size` to
/// `sizeof(lexgraph_gen_options)`, then the fields wanted: a field left
/// zero (or past `size`, for a program built with an older header) is its
/// default. A NULL pointer, or a zeroed struct, asks for every play ranked
/// by equity with the lexicon's own leave values (`X.klv2` beside the file
/// `X.gaddag`, else Gordon's Heuristic 2), with the CGP line's rack.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct lexgraph_gen_options {
    /// `sizeof(lexgraph_gen_options)`: which fields the caller has.
    pub size: usize,
    /// Only the best `top` plays; 0: all.
    pub top: usize,
    /// The mover's rack (`AEINRS?`), replacing the CGP's; NULL: the CGP's.
    pub rack: *const c_char,
    /// Bytes in `rack`.
    pub rack_len: usize,
    /// Rank by equity with these leave values: `auto` (the lexicon's
    /// own, else Gordon's Heuristic 2), `gordon1`, `gordon2`,
    /// `klv:FILE.klv2` or `csv:FILE`; exchanges and the pass rank too.
    /// NULL: `auto` (or none, `by_score`).
    pub leaves: *const c_char,
    /// Bytes in `leaves`.
    pub leaves_len: usize,
    /// By score: also list every distinct exchange (when the bag allows)
    /// and the pass, after the placements.
    pub exchanges: bool,
    /// Rank the placements by score instead of by equity (`leaves` must
    /// then be NULL).
    pub by_score: bool,
}

// SAFETY: repr(C), `size` first, valid zeroed; `fields` lists the rest.
unsafe impl SizedOptions for lexgraph_gen_options {
    const NAME: &'static str = "lexgraph_gen_options";
    const FIRST: usize = 7;
    fn fields() -> Vec<(usize, usize)> {
        fields!(lexgraph_gen_options {
            top,
            rack,
            rack_len,
            leaves,
            leaves_len,
            exchanges,
            by_score
        })
    }
}

/// Receives one move (valid during the call only); return 0 to go on,
/// nonzero to stop.
pub type lexgraph_move_fn =
    Option<unsafe extern "C" fn(ctx: *mut c_void, mv: *const lexgraph_move) -> i32>;

fn move_list(h: *const lexgraph_move_list) -> Result<Arc<MoveList>, Fault> {
    handles(|t| match t.get(&(h as usize)) {
        Some(Handle::Moves(m)) => Ok(m.clone()),
        _ => Err(Fault(
            LEXGRAPH_ERR_HANDLE,
            format!("{h:p} is not a move list handle"),
        )),
    })
}

/// Moves and the text they point into.
pub(crate) struct MoveList {
    moves: Vec<lexgraph_move>,
    /// Owners of the bytes the moves point to (heap blocks do not move).
    _strings: Vec<Box<[u8]>>,
    _tiles: Vec<Box<[lexgraph_tile]>>,
    _words: Vec<Box<[lexgraph_word]>>,
}

// SAFETY: the raw pointers in `moves` point into `_strings`, `_tiles` and
// `_words`,
// owned by the list and never written after it is built; sharing them
// between threads is sharing immutable data.
unsafe impl Send for MoveList {}
// SAFETY: as above.
unsafe impl Sync for MoveList {}

/// Builds `lexgraph_move`s, keeping the text they point to.
#[derive(Default)]
struct Arena {
    strings: Vec<Box<[u8]>>,
    tiles: Vec<Box<[lexgraph_tile]>>,
    words: Vec<Box<[lexgraph_word]>>,
}

impl Arena {
    fn string(&mut self, s: &str) -> (*const c_char, usize) {
        let mut b = Vec::with_capacity(s.len() + 1);
        b.extend_from_slice(s.as_bytes());
        b.push(0);
        let b = b.into_boxed_slice();
        let p = b.as_ptr().cast();
        self.strings.push(b);
        (p, s.len())
    }

    /// The C form of `l`'s play record, played on `board`.
    fn entry(&mut self, l: &Listed, board: &Board, a: &lexgraph::Alphabet) -> lexgraph_move {
        let r = PlayRecord::new(l, board, a);
        let empty: *const c_char = c"".as_ptr();
        // C's notation names every play (`exchange AEI`, `pass`), not only
        // placements as the record's does.
        let (notation, notation_len) = self.string(&l.play.text(a));
        let mut text = |s: &Option<String>| match s {
            Some(s) => self.string(s),
            None => (empty, 0),
        };
        let (word, word_len) = text(&r.word);
        let (exchange, exchange_len) = text(&r.exchange);
        let (leave, leave_len) = text(&r.leave);
        let dir = |d: Option<&str>| match d {
            Some("down") => lexgraph_dir::LEXGRAPH_DOWN,
            _ => lexgraph_dir::LEXGRAPH_ACROSS,
        };
        let tiles: Box<[lexgraph_tile]> = r
            .tiles
            .iter()
            .map(|t| {
                let (letter, letter_len) = self.string(&t.letter);
                lexgraph_tile {
                    row: t.row as u32,
                    col: t.col as u32,
                    letter,
                    letter_len,
                    blank: t.blank,
                }
            })
            .collect();
        let words: Box<[lexgraph_word]> = r
            .cross_words
            .iter()
            .flatten()
            .map(|w| {
                let (word, word_len) = self.string(&w.word);
                lexgraph_word {
                    row: w.row as u32,
                    col: w.col as u32,
                    dir: dir(Some(w.dir)),
                    word,
                    word_len,
                }
            })
            .collect();
        let m = lexgraph_move {
            kind: match l.play {
                Play::Place(_) => lexgraph_play_kind::LEXGRAPH_PLACE,
                Play::Exchange(_) => lexgraph_play_kind::LEXGRAPH_EXCHANGE,
                Play::Pass => lexgraph_play_kind::LEXGRAPH_PASS,
            },
            row: r.row.map_or(-1, |x| x as i32),
            col: r.col.map_or(-1, |x| x as i32),
            dir: dir(r.dir),
            notation,
            notation_len,
            word,
            word_len,
            // Empty boxes point nowhere in particular but are never NULL.
            tiles: tiles.as_ptr(),
            tiles_len: tiles.len(),
            exchange,
            exchange_len,
            score: r.score,
            ranked: r.equity.is_some(),
            equity: r.equity.map_or(r.score as f64, f64::from),
            leave,
            leave_len,
            cross_words: words.as_ptr(),
            cross_words_len: words.len(),
        };
        self.tiles.push(tiles);
        self.words.push(words);
        m
    }
}

/// Generates the plays of one position.
///
/// # Safety
/// `cgp` points to `len` readable bytes; `opts` is NULL or points to a
/// valid options struct whose strings point to their lengths in bytes.
unsafe fn generate(
    lex: *const lexgraph_lexicon,
    cgp: *const c_char,
    len: usize,
    opts: *const lexgraph_gen_options,
) -> Result<(Vec<Listed>, Board, Arc<Session>), Fault> {
    let s = lexicon(lex)?;
    // SAFETY: the caller promises `len` bytes at `cgp`.
    let cgp = unsafe { text(cgp, len, "cgp") }?;
    // SAFETY: NULL or a valid struct, by the caller's promise.
    let o = unsafe { options::read(opts) }?;
    let (top, rack, leaves, exchanges, by) = match o {
        None => (None, None, None, false, By::Equity),
        // SAFETY: the struct's strings point to their lengths in bytes.
        Some(o) => unsafe {
            (
                (o.top > 0).then_some(o.top),
                opt_text(o.rack, o.rack_len, "rack")?,
                opt_text(o.leaves, o.leaves_len, "leaves")?,
                o.exchanges,
                match o.by_score {
                    true => By::Score,
                    false => By::Equity,
                },
            )
        },
    };
    let (setup, listed) = s.moves(Input::Cgp(cgp), rack, top, by, leaves, exchanges)?;
    Ok((listed, setup.position.board, s))
}

/// Generates the plays of the position in CGP line `cgp`
/// (`BOARD RACK/RACK SCORE/SCORE ZERO_TURNS [OPCODES;]`), best first, as `opts`
/// asks (NULL: every play by equity), into a new list written to
/// `*out`. Read it with [`lexgraph_move_list_data`]; free it with
/// [`lexgraph_move_list_free`].
///
/// # Safety
/// `cgp` points to `len` readable bytes; `opts` is NULL or valid; `out`
/// points to a writable handle.
#[no_mangle]
pub unsafe extern "C" fn lexgraph_generate(
    lex: *const lexgraph_lexicon,
    cgp: *const c_char,
    len: usize,
    opts: *const lexgraph_gen_options,
    out: *mut *mut lexgraph_move_list,
) -> lexgraph_status {
    guard(|| {
        if out.is_null() {
            return Err(null("out"));
        }
        // SAFETY: not NULL; the caller promises it is writable.
        unsafe { *out = std::ptr::null_mut() };
        // SAFETY: the caller's promises, passed on.
        let (listed, board, s) = unsafe { generate(lex, cgp, len, opts) }?;
        let a = s.lexicon.alphabet();
        let mut arena = Arena::default();
        let moves = listed.iter().map(|l| arena.entry(l, &board, a)).collect();
        let list = MoveList {
            moves,
            _strings: arena.strings,
            _tiles: arena.tiles,
            _words: arena.words,
        };
        let id = insert(Handle::Moves(Arc::new(list)));
        // SAFETY: as above.
        unsafe { *out = id as *mut lexgraph_move_list };
        Ok(LEXGRAPH_OK)
    })
}

/// The moves of a list: `*data` points to `*len` of them, best first,
/// valid until the list is freed (`*data` is not NULL even when empty).
///
/// # Safety
/// `data` and `len` point to writable locations.
#[no_mangle]
pub unsafe extern "C" fn lexgraph_move_list_data(
    list: *const lexgraph_move_list,
    data: *mut *const lexgraph_move,
    len: *mut usize,
) -> lexgraph_status {
    guard(|| {
        let l = move_list(list)?;
        if data.is_null() || len.is_null() {
            return Err(null("data or len"));
        }
        // SAFETY: both checked not NULL, writable by the caller's promise.
        // The array stays put until the list is freed: `l` is one of its
        // owners and the table holds another until `lexgraph_move_list_free`.
        unsafe {
            *data = l.moves.as_ptr();
            *len = l.moves.len();
        }
        Ok(LEXGRAPH_OK)
    })
}

/// Frees a move list (its moves and their strings). NULL is a no-op.
#[no_mangle]
pub extern "C" fn lexgraph_move_list_free(list: *mut lexgraph_move_list) -> lexgraph_status {
    guard(|| {
        if list.is_null() {
            return Ok(LEXGRAPH_OK);
        }
        move_list(list)?;
        handles(|t| t.remove(&(list as usize)));
        Ok(LEXGRAPH_OK)
    })
}

/// Like [`lexgraph_generate`], passing each play to `cb` (best first) instead
/// of keeping a list: the move and its strings are valid during the call.
/// Returns `LEXGRAPH_STOPPED` if `cb` returned nonzero.
///
/// # Safety
/// As [`lexgraph_generate`]; `cb` is a valid function.
#[no_mangle]
pub unsafe extern "C" fn lexgraph_generate_each(
    lex: *const lexgraph_lexicon,
    cgp: *const c_char,
    len: usize,
    opts: *const lexgraph_gen_options,
    cb: lexgraph_move_fn,
    ctx: *mut c_void,
) -> lexgraph_status {
    guard(|| {
        let cb = cb.ok_or_else(|| null("callback"))?;
        // SAFETY: the caller's promises, passed on.
        let (listed, board, s) = unsafe { generate(lex, cgp, len, opts) }?;
        let a = s.lexicon.alphabet();
        for l in &listed {
            let mut arena = Arena::default();
            let m = arena.entry(l, &board, a);
            // SAFETY: `m` and the arena it points into live through the
            // call; `cb` and `ctx` are the caller's.
            if unsafe { cb(ctx, &m) } != 0 {
                return Ok(LEXGRAPH_STOPPED);
            }
        }
        Ok(LEXGRAPH_OK)
    })
}
