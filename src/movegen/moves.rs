//! [`Move`]: one placement, its notation and canonical order, and the
//! words it forms.

use std::cmp::Ordering;

use crate::alphabet::Alphabet;
use crate::board::{tile_of, Board, Dir, BLANK_FLAG};
use crate::rack::Rack;
use crate::rules::MAX_SIZE;

/// One legal placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The main word's direction.
    pub dir: Dir,
    /// Row of the main word's first square (0-based).
    pub row: u8,
    /// Column of the main word's first square (0-based).
    pub col: u8,
    /// Length of the main word, tiles already on the board included.
    pub len: u8,
    /// The main word's squares: tile, with [`BLANK_FLAG`] for blanks.
    pub word: [u8; MAX_SIZE],
    /// Bit `i` set when square `i` of the word is placed by this move.
    pub placed: u32,
    /// Total score: main word, cross words, bingo bonus.
    pub score: i32,
}

impl Move {
    /// The main word's squares.
    pub fn word(&self) -> &[u8] {
        &self.word[..self.len as usize]
    }

    /// Number of tiles placed.
    pub fn tiles_placed(&self) -> u32 {
        self.placed.count_ones()
    }

    /// Board coordinates of word square `i`.
    pub fn square(&self, i: usize) -> (usize, usize) {
        match self.dir {
            Dir::Across => (self.row as usize, self.col as usize + i),
            Dir::Down => (self.row as usize + i, self.col as usize),
        }
    }

    /// The placed tiles: (row, col, square content).
    pub fn placements(&self) -> impl Iterator<Item = (usize, usize, u8)> + '_ {
        (0..self.len as usize)
            .filter(|i| self.placed >> i & 1 == 1)
            .map(|i| {
                let (r, c) = self.square(i);
                (r, c, self.word[i])
            })
    }

    /// The main word as text, blanks in lower case.
    pub fn word_text(&self, alphabet: &Alphabet) -> String {
        squares_text(self.word(), alphabet)
    }

    /// Players' coordinates: `8D` (row first) across, `D8` down.
    pub fn coordinates(&self) -> String {
        let col = column_name(self.col as usize);
        match self.dir {
            Dir::Across => format!("{}{}", self.row + 1, col),
            Dir::Down => format!("{}{}", col, self.row + 1),
        }
    }

    /// `8D QUIRE`.
    pub fn notation(&self, alphabet: &Alphabet) -> String {
        format!("{} {}", self.coordinates(), self.word_text(alphabet))
    }

    /// The move as a line of a stacked move list (`formats/upwords.md`):
    /// `DIR ROW COL WORD SCORE PLACED`, the first square of the main word
    /// (0-based), its top tiles after the move, and the squares that
    /// receive a tile, `r,c` joined by `;`.
    ///
    /// ```
    /// # use lexgraph::{compile, Alphabet, Board, Generator, Lexicon, Options, Rack, Rules, WordList};
    /// # use lexgraph::scoring::Upwords;
    /// let a = Alphabet::builtin("upwords").unwrap();
    /// let words = WordList::parse(b"quit\n", "inline", &a, lexgraph::Invalid::Refuse)?;
    /// let gaddag = Lexicon::from_vec(compile::compile(&words).gaddag)?;
    /// let mut gen = Generator::<Upwords>::with_scoring(Rules::upwords());
    /// let rack = Rack::parse("[QU]IT", &a)?;
    /// let moves = gen.generate_vec(&gaddag, &Board::new(10), &rack, &Options::default());
    /// assert_eq!(moves[0].stacked_line(&a), "across 4 2 [QU]IT 8 4,2;4,3;4,4");
    /// # Ok::<(), lexgraph::Error>(())
    /// ```
    pub fn stacked_line(&self, alphabet: &Alphabet) -> String {
        let placed: Vec<String> = (0..self.len as usize)
            .filter(|i| self.placed >> i & 1 == 1)
            .map(|i| {
                let (r, c) = self.square(i);
                format!("{r},{c}")
            })
            .collect();
        format!(
            "{} {} {} {} {} {}",
            self.dir.name(),
            self.row,
            self.col,
            self.word_text(alphabet),
            self.score,
            placed.join(";")
        )
    }

    /// Applies the move to a board: a tile placed on a tile (where tiles
    /// stack) goes on top, one higher.
    ///
    /// # Panics
    /// If the move runs off the board (a move not generated for it).
    pub fn apply(&self, board: &mut Board) {
        for (r, c, sq) in self.placements() {
            if board.get(r, c) != 0 {
                board.set_stack(r, c, sq, board.height(r, c).saturating_add(1));
            } else {
                board.set(r, c, sq);
            }
        }
    }

    /// Removes the placed tiles from a rack (blanks as `?`).
    pub fn take_from(&self, rack: &mut Rack) {
        for (_, _, sq) in self.placements() {
            let t = if sq & BLANK_FLAG != 0 { 0 } else { tile_of(sq) };
            rack.remove(t);
        }
    }

    /// The canonical order: score descending, then across before down, then
    /// row, column, and the word's squares (blank after real tile).
    pub fn canonical_cmp(&self, other: &Move) -> Ordering {
        other
            .score
            .cmp(&self.score)
            .then(self.dir.cmp(&other.dir))
            .then(self.row.cmp(&other.row))
            .then(self.col.cmp(&other.col))
            .then_with(|| self.word().cmp(other.word()))
            .then(self.placed.cmp(&other.placed))
    }
}

/// Square contents as text, as CGP writes them: tile labels, lower case for
/// blanks, multi-character tiles in brackets (`[CH]ASCAS`), so that the
/// text parses back to the same tiles.
pub fn squares_text(squares: &[u8], alphabet: &Alphabet) -> String {
    squares
        .iter()
        .map(|&sq| alphabet.label(tile_of(sq), sq & BLANK_FLAG != 0))
        .collect()
}

/// Column letters: A, B, ... (past Z: AA, AB, ...).
pub fn column_name(col: usize) -> String {
    if col < 26 {
        ((b'A' + col as u8) as char).to_string()
    } else {
        format!("{}{}", column_name(col / 26 - 1), column_name(col % 26))
    }
}

/// Sorts moves in the canonical order (see [`Move::canonical_cmp`]).
pub fn sort_moves(moves: &mut [Move]) {
    moves.sort_unstable_by(|a, b| a.canonical_cmp(b));
}

/// The words a move forms across its main word (perpendicular words of two
/// or more tiles through each placed tile), as (row, col, squares) of each
/// word's first square.
pub fn cross_words(board: &Board, m: &Move) -> Vec<(usize, usize, Vec<u8>)> {
    let n = board.size();
    let mut out = Vec::new();
    for (r, c, sq) in m.placements() {
        // Perpendicular direction.
        let (dr, dc) = match m.dir {
            Dir::Across => (1isize, 0isize),
            Dir::Down => (0, 1),
        };
        let at = |r: isize, c: isize| -> Option<u8> {
            if r < 0 || c < 0 || r >= n as isize || c >= n as isize {
                return None;
            }
            let s = board.get(r as usize, c as usize);
            (s != 0).then_some(s)
        };
        let (mut sr, mut sc) = (r as isize, c as isize);
        while at(sr - dr, sc - dc).is_some() {
            sr -= dr;
            sc -= dc;
        }
        let mut word = Vec::new();
        let (mut cr, mut cc) = (sr, sc);
        loop {
            let s = if (cr, cc) == (r as isize, c as isize) {
                Some(sq)
            } else {
                at(cr, cc)
            };
            match s {
                Some(s) => word.push(s),
                None => break,
            }
            cr += dr;
            cc += dc;
        }
        if word.len() >= 2 {
            out.push((sr as usize, sc as usize, word));
        }
    }
    out
}
