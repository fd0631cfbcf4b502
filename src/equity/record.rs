//! The play record: one play as every caller sees it — the CLI's JSON
//! (`lexgraph moves --format json`), the Python package's `Move.to_dict()`
//! and the C library's `lexgraph_move` — defined once here and mapped by
//! each.
//!
//! ```
//! use lexgraph::equity::{Listed, Play, PlayRecord};
//! use lexgraph::movegen::sort_moves;
//! use lexgraph::{compile, Alphabet, Generator, Lexicon, Options, Position, WordList};
//!
//! let a = Alphabet::english();
//! let words = WordList::parse(b"qi\nqis\n", "inline", &a, lexgraph::Invalid::Refuse)?;
//! let gaddag = Lexicon::from_vec(compile::compile(&words).gaddag)?;
//! let empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";
//! let pos = Position::from_cgp(&format!("{empty} QIS/ 0/0 0"), &a)?;
//! let mut gen = Generator::new(pos.rules()?);
//! let mut moves = gen.generate_vec(&gaddag, &pos.board, pos.rack(), &Options::default());
//! sort_moves(&mut moves); // best score first
//! let r = PlayRecord::new(&Listed::unranked(Play::Place(moves[0])), &pos.board, &a);
//! assert_eq!((r.kind, r.notation.as_deref(), r.score), ("place", Some("8F QIS"), 24));
//! assert_eq!(r.tiles.len(), 3);
//! # Ok::<(), lexgraph::Error>(())
//! ```

use super::{Play, Ranked};
use crate::alphabet::Alphabet;
use crate::board::{Board, BLANK_FLAG};
use crate::movegen::{cross_words, squares_text, Move};
use crate::rack::Rack;

/// A play as listed: by equity with its equity and leave, or by score
/// alone.
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    /// The placement, exchange or pass.
    pub play: Play,
    /// When ranked by equity: the equity and the tiles kept.
    pub ranked: Option<(f32, Rack)>,
}

impl Listed {
    /// A play listed by score, without equity.
    pub fn unranked(play: Play) -> Listed {
        Listed { play, ranked: None }
    }
}

impl From<Ranked> for Listed {
    fn from(r: Ranked) -> Listed {
        Listed {
            play: r.play,
            ranked: Some((r.equity, r.leave)),
        }
    }
}

/// A tile a play places.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TileRecord {
    /// Row of the square, 0-based.
    pub row: usize,
    /// Column of the square, 0-based.
    pub col: usize,
    /// The tile as text: upper case, lower case for a blank, `[CH]` for a
    /// multi-character tile.
    pub letter: String,
    /// Whether a blank was played.
    pub blank: bool,
}

/// A word a placement forms across its main word.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct WordRecord {
    /// Row of the word's first square, 0-based.
    pub row: usize,
    /// Column of the word's first square, 0-based.
    pub col: usize,
    /// `across` or `down`.
    pub dir: &'static str,
    /// The word, as [`TileRecord::letter`] writes tiles.
    pub word: String,
}

/// One play with every field a caller reads; `None` fields are absent from
/// the JSON form (a pass has no square, a placement no exchange).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PlayRecord {
    /// `place`, `exchange` or `pass`.
    #[cfg_attr(feature = "serde", serde(rename = "type"))]
    pub kind: &'static str,
    /// A placement's first square: row, 0-based.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub row: Option<usize>,
    /// A placement's first square: column, 0-based.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub col: Option<usize>,
    /// A placement's direction: `across` or `down`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub dir: Option<&'static str>,
    /// A placement in players' notation (`8D QUIRE`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub notation: Option<String>,
    /// A placement's main word, board tiles included.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub word: Option<String>,
    /// The tiles placed, in word order (none for an exchange or a pass).
    pub tiles: Vec<TileRecord>,
    /// A placement's cross words (empty when it forms none: one schema for
    /// every placement).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub cross_words: Option<Vec<WordRecord>>,
    /// An exchange's tiles.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub exchange: Option<String>,
    /// Points scored (0 for an exchange or a pass).
    pub score: i32,
    /// Ranked by equity: score plus the leave's value.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub equity: Option<f32>,
    /// Ranked by equity: the tiles kept (empty: none).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub leave: Option<String>,
}

impl TileRecord {
    /// The tiles `m` places, in word order.
    pub fn of_move(m: &Move, alphabet: &Alphabet) -> Vec<TileRecord> {
        m.placements()
            .map(|(row, col, sq)| TileRecord {
                row,
                col,
                letter: squares_text(&[sq], alphabet),
                blank: sq & BLANK_FLAG != 0,
            })
            .collect()
    }
}

impl WordRecord {
    /// The words `m` forms across its main word, played on `board` (the
    /// board before the play).
    pub fn cross_words_of(board: &Board, m: &Move, alphabet: &Alphabet) -> Vec<WordRecord> {
        cross_words(board, m)
            .into_iter()
            .map(|(row, col, w)| WordRecord {
                row,
                col,
                dir: m.dir.cross().name(),
                word: squares_text(&w, alphabet),
            })
            .collect()
    }
}

impl PlayRecord {
    /// The record of `listed`, played on `board` (the board before the
    /// play), its tiles written in `alphabet`.
    pub fn new(listed: &Listed, board: &Board, alphabet: &Alphabet) -> PlayRecord {
        let mut r = PlayRecord {
            kind: listed.play.kind(),
            row: None,
            col: None,
            dir: None,
            notation: None,
            word: None,
            tiles: Vec::new(),
            cross_words: None,
            exchange: None,
            score: listed.play.score(),
            equity: listed.ranked.as_ref().map(|r| r.0),
            leave: listed.ranked.as_ref().map(|r| r.1.to_text(alphabet)),
        };
        match &listed.play {
            Play::Place(m) => {
                r.row = Some(m.row as usize);
                r.col = Some(m.col as usize);
                r.dir = Some(m.dir.name());
                r.notation = Some(m.notation(alphabet));
                r.word = Some(m.word_text(alphabet));
                r.tiles = TileRecord::of_move(m, alphabet);
                r.cross_words = Some(WordRecord::cross_words_of(board, m, alphabet));
            }
            Play::Exchange(x) => r.exchange = Some(x.to_text(alphabet)),
            Play::Pass => {}
        }
        r
    }
}
