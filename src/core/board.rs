//! Boards: squares, directions, and rows read from text.
//!
//! A square holds 0 (empty) or a tile number, with [`BLANK_FLAG`] set when a
//! blank was played as that tile; [`tile_of`] gives the tile either way.
//! Positions (a board with racks and scores) are read from CGP or plain
//! text by [`crate::position`].
//!
//! ```
//! use lexgraph::{Alphabet, Board};
//! use lexgraph::board::{tile_of, BLANK_FLAG};
//! let a = Alphabet::english();
//! let mut board = Board::new(15);
//! let q = a.tile_by_label("Q").unwrap();
//! board.set(7, 7, q | BLANK_FLAG); // a blank played as Q
//! assert_eq!(tile_of(board.get(7, 7)), q);
//! assert_eq!(board.tile_count(), 1);
//! ```

use crate::alphabet::{Alphabet, Tile, BLANK};

use crate::error::{Error, Result};
use crate::rules::MAX_SIZE;

/// Set on a square whose tile is a blank played as that letter.
pub const BLANK_FLAG: u8 = 0x80;

/// The tile on a square, without the blank flag.
#[inline]
pub fn tile_of(sq: u8) -> Tile {
    sq & !BLANK_FLAG
}

/// Direction of a move. `dir as usize` indexes by direction: across 0,
/// down 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Left to right, along a row (`8D QUIRE`: row number first).
    Across = 0,
    /// Top to bottom, along a column (`D8 QUIRE`: column letter first).
    Down = 1,
}

impl Dir {
    /// The other direction: that of the cross words a move forms.
    pub fn cross(self) -> Dir {
        match self {
            Dir::Across => Dir::Down,
            Dir::Down => Dir::Across,
        }
    }

    /// `across` or `down`.
    pub fn name(self) -> &'static str {
        match self {
            Dir::Across => "across",
            Dir::Down => "down",
        }
    }
}

impl std::fmt::Display for Dir {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A square board of tiles.
///
/// A square holds a tile (its top tile, in games where tiles stack) and,
/// for stacking games, a height: [`Board::set_stack`] records one, and
/// boards of the crossword game never need it (every tile is a stack of 1).
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Board {
    size: usize,
    squares: Vec<u8>,
    /// Stack height per square; empty until a stack is set (then every
    /// square has one).
    heights: Vec<u8>,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            size: self.size,
            squares: self.squares.clone(),
            heights: self.heights.clone(),
        }
    }

    /// Copies `source` into this board's buffers (a look-ahead resets one
    /// board many times without allocating).
    fn clone_from(&mut self, source: &Board) {
        self.size = source.size;
        self.squares.clone_from(&source.squares);
        self.heights.clone_from(&source.heights);
    }
}

impl Board {
    /// An empty board of side `size`.
    pub fn new(size: usize) -> Board {
        Board {
            size,
            squares: vec![0; size * size],
            heights: Vec::new(),
        }
    }

    /// Board side.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// Square contents (0 = empty).
    ///
    /// # Panics
    /// If the square is off the board (as indexing a slice does).
    #[inline]
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.squares[self.index(row, col)]
    }

    /// Puts `sq` (tile, maybe with [`BLANK_FLAG`]) on a square. The tile
    /// must belong to the alphabet the board is played with (`1..=len`):
    /// parsed boards are checked, this is not, and move generation reads it
    /// as it stands.
    ///
    /// # Panics
    /// If the square is off the board.
    pub fn set(&mut self, row: usize, col: usize, sq: u8) {
        let i = self.index(row, col);
        self.squares[i] = sq;
        if let Some(h) = self.heights.get_mut(i) {
            *h = if sq == 0 { 0 } else { (*h).max(1) };
        }
    }

    /// Puts `sq` on a square as the top of a stack of `height` tiles (0
    /// with an empty square), for games where tiles stack.
    ///
    /// # Panics
    /// If the square is off the board.
    pub fn set_stack(&mut self, row: usize, col: usize, sq: u8, height: u8) {
        let i = self.index(row, col);
        if self.heights.is_empty() {
            self.heights = self.squares.iter().map(|&s| (s != 0) as u8).collect();
        }
        self.squares[i] = sq;
        self.heights[i] = if sq == 0 { 0 } else { height.max(1) };
    }

    /// Tiles stacked on a square: 0 when empty, 1 for a tile unless a stack
    /// was set.
    ///
    /// # Panics
    /// If the square is off the board.
    #[inline]
    pub fn height(&self, row: usize, col: usize) -> u8 {
        let i = self.index(row, col);
        match self.heights.get(i) {
            Some(&h) => h,
            None => (self.squares[i] != 0) as u8,
        }
    }

    /// Stack heights, row-major, if any stack was set.
    pub fn heights(&self) -> Option<&[u8]> {
        (!self.heights.is_empty()).then_some(&self.heights[..])
    }

    /// Index of a square in `squares`. A column past the edge would
    /// otherwise land on the next row.
    #[inline]
    fn index(&self, row: usize, col: usize) -> usize {
        assert!(
            row < self.size && col < self.size,
            "square ({row}, {col}) is off a {0}x{0} board",
            self.size
        );
        row * self.size + col
    }

    /// All squares, row-major.
    pub fn squares(&self) -> &[u8] {
        &self.squares
    }

    /// True if no tile is on the board.
    pub fn is_empty(&self) -> bool {
        self.squares.iter().all(|&s| s == 0)
    }

    /// Number of tiles on the board.
    pub fn tile_count(&self) -> usize {
        self.squares.iter().filter(|&&s| s != 0).count()
    }

    /// How many of each bag tile the board holds (index 0: blanks).
    pub fn bag_tiles(&self) -> [usize; 64] {
        let mut n = [0usize; 64];
        // Eight squares at a time: a run of empty ones (most of a board,
        // early on) is one test.
        let mut chunks = self.squares.chunks_exact(8);
        let mut count = |squares: &[u8]| {
            for &sq in squares.iter().filter(|&&s| s != 0) {
                let t = if sq & BLANK_FLAG != 0 {
                    BLANK
                } else {
                    tile_of(sq)
                };
                n[t as usize] += 1;
            }
        };
        for chunk in &mut chunks {
            if u64::from_ne_bytes(chunk.try_into().unwrap()) != 0 {
                count(chunk);
            }
        }
        count(chunks.remainder());
        n
    }

    /// The board mirrored on its main diagonal (down becomes across).
    pub fn transposed(&self) -> Board {
        let n = self.size;
        let mut t = Board::new(n);
        for r in 0..n {
            for c in 0..n {
                t.squares[c * n + r] = self.squares[r * n + c];
            }
        }
        if !self.heights.is_empty() {
            t.heights = vec![0; n * n];
            for r in 0..n {
                for c in 0..n {
                    t.heights[c * n + r] = self.heights[r * n + c];
                }
            }
        }
        t
    }

    /// Parses a board in CGP form (rows joined by `/`).
    pub fn parse_cgp(text: &str, alphabet: &Alphabet) -> Result<Board> {
        // Split at each `/` byte (ASCII, so every piece is text).
        let mut rows = Vec::with_capacity(MAX_SIZE + 1);
        let mut start = 0;
        for (i, &b) in text.as_bytes().iter().enumerate() {
            if b == b'/' {
                rows.push(&text[start..i]);
                start = i + 1;
            }
        }
        rows.push(&text[start..]);
        Board::from_rows(&rows, alphabet, true)
    }

    /// Parses a board in plain text form: `rows` lines with `.` for empty.
    pub fn parse_rows(rows: &[&str], alphabet: &Alphabet) -> Result<Board> {
        let rows: Vec<&str> = rows.iter().map(|r| r.trim()).collect();
        Board::from_rows(&rows, alphabet, false)
    }

    /// A square board from its rows; `cgp` allows digit runs of empty squares.
    fn from_rows(rows: &[&str], alphabet: &Alphabet, cgp: bool) -> Result<Board> {
        let n = rows.len();
        if n == 0 || n > MAX_SIZE {
            return Err(Error::Position(format!(
                "board has {n} rows (1..={MAX_SIZE})"
            )));
        }
        Board::from_rows_at(rows, alphabet, cgp).map_err(|(_, msg)| Error::Position(msg))
    }

    /// [`Board::from_rows`] for `1..=MAX_SIZE` rows; a fault comes with the
    /// index of its row, so that a text file can name the line.
    pub(crate) fn from_rows_at(
        rows: &[&str],
        alphabet: &Alphabet,
        cgp: bool,
    ) -> std::result::Result<Board, (usize, String)> {
        let n = rows.len();
        let mut b = Board::new(n);
        let mut squares = Vec::with_capacity(n);
        for (r, row) in rows.iter().enumerate() {
            parse_row_into(row, alphabet, cgp, &mut squares)
                .map_err(|e| (r, format!("board row {}: {e}", r + 1)))?;
            if squares.len() != n {
                let msg = format!(
                    "board row {} has {} squares, expected {n}",
                    r + 1,
                    squares.len()
                );
                return Err((r, msg));
            }
            b.squares[r * n..(r + 1) * n].copy_from_slice(&squares);
        }
        Ok(b)
    }

    /// The board in CGP form.
    pub fn to_cgp(&self, alphabet: &Alphabet) -> String {
        let n = self.size;
        let mut rows = Vec::with_capacity(n);
        for r in 0..n {
            let mut s = String::new();
            let mut empty = 0;
            for c in 0..n {
                let sq = self.get(r, c);
                if sq == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push_str(&alphabet.label(tile_of(sq), sq & BLANK_FLAG != 0));
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            rows.push(s);
        }
        rows.join("/")
    }

    /// The board as plain text rows (`.` for empty).
    pub fn to_rows(&self, alphabet: &Alphabet) -> Vec<String> {
        (0..self.size)
            .map(|r| {
                (0..self.size)
                    .map(|c| match self.get(r, c) {
                        0 => ".".to_string(),
                        sq => alphabet.label(tile_of(sq), sq & BLANK_FLAG != 0),
                    })
                    .collect()
            })
            .collect()
    }
}

impl Board {
    /// Parses a stacked board (`formats/upwords.md`): rows joined by `/`,
    /// each square `.` (empty) or a top tile and its height, `1`–`9`
    /// (`A1`, `[QU]2`). The board is square.
    ///
    /// ```
    /// use lexgraph::{Alphabet, Board};
    /// let a = Alphabet::builtin("upwords").unwrap();
    /// let b = Board::parse_stacked("..A1./.[QU]3../..../....", &a).unwrap();
    /// assert_eq!((b.size(), b.height(0, 2), b.height(1, 1)), (4, 1, 3));
    /// assert_eq!(b.to_stacked(&a), "..A1./.[QU]3../..../....");
    /// ```
    pub fn parse_stacked(text: &str, alphabet: &Alphabet) -> Result<Board> {
        let rows: Vec<&str> = text.split('/').collect();
        let n = rows.len();
        if n == 0 || n > MAX_SIZE {
            return Err(Error::Position(format!(
                "board has {n} rows (1..={MAX_SIZE})"
            )));
        }
        let mut b = Board::new(n);
        b.heights = vec![0; n * n];
        for (r, row) in rows.iter().enumerate() {
            let squares = parse_stacked_row(row, alphabet)
                .map_err(|e| Error::Position(format!("board row {}: {e}", r + 1)))?;
            if squares.len() != n {
                return Err(Error::Position(format!(
                    "board row {} has {} squares, expected {n}",
                    r + 1,
                    squares.len()
                )));
            }
            for (c, (sq, h)) in squares.into_iter().enumerate() {
                b.squares[r * n + c] = sq;
                b.heights[r * n + c] = h;
            }
        }
        Ok(b)
    }

    /// The board in the stacked form [`Board::parse_stacked`] reads.
    pub fn to_stacked(&self, alphabet: &Alphabet) -> String {
        let n = self.size;
        (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| match self.get(r, c) {
                        0 => ".".to_string(),
                        sq => format!(
                            "{}{}",
                            alphabet.label(tile_of(sq), sq & BLANK_FLAG != 0),
                            self.height(r, c)
                        ),
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// The highest stack on the board (0 when empty).
    pub fn max_height(&self) -> u8 {
        if self.heights.is_empty() {
            (!self.is_empty()) as u8
        } else {
            self.heights.iter().copied().max().unwrap_or(0)
        }
    }
}

/// One row of a stacked board: `.` or a tile label and a height digit.
fn parse_stacked_row(row: &str, alphabet: &Alphabet) -> std::result::Result<Vec<(u8, u8)>, String> {
    let mut out = Vec::new();
    let mut rest = row.trim();
    while let Some(c) = rest.chars().next() {
        let at = row.trim().len() - rest.len() + 1;
        if c == '.' {
            out.push((0, 0));
            rest = &rest[1..];
            continue;
        }
        // The tile's label: up to the height digit.
        let end = if c == '[' {
            rest.find(']')
                .map(|e| e + 1)
                .ok_or_else(|| format!("unclosed [ at character {at}"))?
        } else {
            c.len_utf8()
        };
        let sq = parse_row(&rest[..end], alphabet, false)
            .map_err(|e| format!("at character {at}: {e}"))?;
        let h = rest[end..].chars().next();
        match (&sq[..], h) {
            ([sq], Some(d @ '1'..='9')) => {
                out.push((*sq, d as u8 - b'0'));
                rest = &rest[end + 1..];
            }
            _ => {
                return Err(format!(
                    "the tile at character {at} needs its stack height after it (1-9), as in A1 or [QU]2"
                ))
            }
        }
    }
    Ok(out)
}

/// Parses one board row: digits (CGP only) or `.` for empties, `[LABEL]`,
/// single-character labels, lower case for blanks.
pub(crate) fn parse_row(
    row: &str,
    alphabet: &Alphabet,
    cgp: bool,
) -> std::result::Result<Vec<u8>, String> {
    let mut out = Vec::new();
    parse_row_into(row, alphabet, cgp, &mut out)?;
    Ok(out)
}

/// [`parse_row`] into `out` (emptied first). A row of ASCII labels is
/// read byte by byte; anything else (brackets, other scripts, a fault)
/// goes the general way, which also words the errors.
fn parse_row_into(
    row: &str,
    alphabet: &Alphabet,
    cgp: bool,
    out: &mut Vec<u8>,
) -> std::result::Result<(), String> {
    out.clear();
    if parse_ascii_row(row.as_bytes(), alphabet, cgp, out) {
        return Ok(());
    }
    out.clear();
    parse_row_general(row, alphabet, cgp, out)
}

/// [`parse_row_into`] character by character, for every kind of row.
fn parse_row_general(
    row: &str,
    alphabet: &Alphabet,
    cgp: bool,
    out: &mut Vec<u8>,
) -> std::result::Result<(), String> {
    let chars: Vec<char> = row.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if cgp && c.is_ascii_digit() {
            let mut j = i;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            // The run's value, as `str::parse` would give it, without
            // making a string of it (only an error shows it).
            let k = chars[i..j]
                .iter()
                .try_fold(0usize, |k, &d| {
                    k.checked_mul(10)?.checked_add(d as usize - '0' as usize)
                })
                .ok_or_else(|| {
                    let run: String = chars[i..j].iter().collect();
                    format!("bad run {:?}", crate::input::snippet(&run))
                })?;
            if k == 0 || k > MAX_SIZE {
                return Err(format!("bad run of {k} empty squares"));
            }
            out.extend(std::iter::repeat_n(0, k));
            i = j;
            continue;
        }
        if c == '.' {
            out.push(0);
            i += 1;
            continue;
        }
        // A one-character label is spelled in place, not in a new string.
        let mut one = [0u8; 4];
        let (label, next): (std::borrow::Cow<'_, str>, usize) = if c == '[' {
            let end = chars[i..]
                .iter()
                .position(|&x| x == ']')
                .ok_or_else(|| format!("unclosed [ at character {}", i + 1))?;
            (
                chars[i + 1..i + end].iter().collect::<String>().into(),
                i + end + 1,
            )
        } else {
            (std::borrow::Cow::Borrowed(&*c.encode_utf8(&mut one)), i + 1)
        };
        let blank = label.chars().any(|c| c.is_lowercase());
        match alphabet.tile_by_label(&label) {
            Some(t) => {
                out.push(t | if blank { BLANK_FLAG } else { 0 });
                i = next;
            }
            None if c != '[' => {
                return Err(format!(
                    "{c:?} at character {} is not a tile of the {} alphabet{}",
                    i + 1,
                    alphabet.name(),
                    bracket_hint(alphabet, c)
                ));
            }
            None => {
                return Err(format!(
                    "[{label}] is not a tile of the {} alphabet",
                    alphabet.name()
                ))
            }
        }
    }
    Ok(())
}

/// The common case of [`parse_row_into`]: digit runs (CGP), `.` and
/// one-character labels, all ASCII. `false` where the row holds anything
/// else or is at fault.
fn parse_ascii_row(row: &[u8], alphabet: &Alphabet, cgp: bool, out: &mut Vec<u8>) -> bool {
    let mut i = 0;
    while i < row.len() {
        let c = row[i];
        if cgp && c.is_ascii_digit() {
            let mut k = 0usize;
            while i < row.len() && row[i].is_ascii_digit() {
                k = k * 10 + (row[i] - b'0') as usize;
                i += 1;
                if k > MAX_SIZE {
                    return false;
                }
            }
            if k == 0 {
                return false;
            }
            out.extend(std::iter::repeat_n(0, k));
            continue;
        }
        let t = match c {
            b'.' => 0,
            b'[' => return false,
            _ if c.is_ascii() => match alphabet.tile_by_ascii(c) {
                Some(t) if c.is_ascii_lowercase() => t | BLANK_FLAG,
                Some(t) => t,
                None => return false,
            },
            _ => return false,
        };
        out.push(t);
        i += 1;
    }
    true
}

/// For a character that is no tile but is part of a multi-character one:
/// how to write that tile.
fn bracket_hint(alphabet: &Alphabet, c: char) -> String {
    let up: String = c.to_uppercase().collect();
    alphabet
        .tiles()
        .iter()
        .find(|t| t.label.chars().count() > 1 && t.label.contains(&up))
        .map_or(String::new(), |t| {
            format!(" (multi-character tiles go in brackets: [{}])", t.label)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "square (0, 15) is off a 15x15 board")]
    fn a_column_past_the_edge_is_not_the_next_row() {
        Board::new(15).get(0, 15);
    }

    proptest::proptest! {
        /// The bag tiles counted eight squares at a time are those counted
        /// one square at a time, on boards of every size from empty to
        /// full, blanks among the tiles.
        #[test]
        fn bag_tiles_are_counted_square_by_square(
            size in 1usize..=21,
            squares in proptest::collection::vec((0u8..4, 1u8..27), 441),
        ) {
            let mut b = Board::new(size);
            let mut want = [0usize; 64];
            for (i, &(kind, t)) in squares.iter().take(size * size).enumerate() {
                let sq = match kind {
                    0 | 1 => 0,
                    2 => t,
                    _ => t | BLANK_FLAG,
                };
                b.set(i / size, i % size, sq);
                match kind {
                    0 | 1 => {}
                    2 => want[t as usize] += 1,
                    _ => want[BLANK as usize] += 1,
                }
            }
            proptest::prop_assert_eq!(b.bag_tiles(), want);
        }

        /// The byte-by-byte reading of a row gives what the general one
        /// does, or leaves the row to it: rows of digits, dots, brackets,
        /// letters of both cases, tiles of other alphabets and other
        /// scripts, for text and CGP rows, English and Spanish.
        #[test]
        fn ascii_rows_read_as_the_general_way_reads_them(
            row in "[0-9.\\[\\]aAeEzZqQlLñÑ?*#]{0,24}",
            cgp: bool,
            spanish: bool,
        ) {
            let alphabet = if spanish {
                Alphabet::builtin("spanish").unwrap()
            } else {
                Alphabet::english()
            };
            let mut fast = Vec::new();
            let mut general = Vec::new();
            let want = parse_row_general(&row, &alphabet, cgp, &mut general).map(|_| general);
            if parse_ascii_row(row.as_bytes(), &alphabet, cgp, &mut fast) {
                proptest::prop_assert_eq!(Ok(fast), want.clone());
            }
            proptest::prop_assert_eq!(parse_row(&row, &alphabet, cgp), want);
        }
    }
}
