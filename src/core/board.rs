//! Boards, racks and positions, and the text formats they are read from.
//!
//! A square holds 0 (empty) or a tile number, with [`BLANK_FLAG`] set when a
//! blank was played as that tile. Two text forms are read:
//!
//! * **CGP** (Crossword Game Position, as exchanged by Macondo, MAGPIE and
//!   Woogles): `BOARD RACK1/RACK2 SCORE1/SCORE2 ZERO_TURNS [opcodes;]`, board
//!   rows joined by `/`, a number for a run of empty squares, lower case for
//!   blanks, `[CH]` for a multi-character tile.
//! * **Plain text**: one line per row, `.` for an empty square, tiles as in
//!   CGP, optionally followed by a rack line.
//!
//! ```
//! use lexgraph::{Alphabet, board::Position};
//! let p = Position::parse_cgp("15/15/15/15/15/15/15/4QUIRe6/15/15/15/15/15/15/15 AEINRS?/ 0/0 0 lex ENABLE;",
//!                             &Alphabet::english(), 15).unwrap();
//! assert_eq!(p.board.tile_count(), 5);
//! assert_eq!(p.lexicon.as_deref(), Some("ENABLE"));
//! assert_eq!(p.rack().len(), 7);
//! ```

use crate::alphabet::{Alphabet, Tile, BLANK};
use crate::alphabet::{Blanks, Spelling};
use crate::error::{Error, Result};
use crate::rules::MAX_SIZE;

/// Set on a square whose tile is a blank played as that letter.
pub const BLANK_FLAG: u8 = 0x80;

/// The tile on a square, without the blank flag.
#[inline]
pub fn tile_of(sq: u8) -> Tile {
    sq & !BLANK_FLAG
}

/// Direction of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    Across,
    Down,
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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    size: usize,
    squares: Vec<u8>,
    /// Stack height per square; empty until a stack is set (then every
    /// square has one).
    heights: Vec<u8>,
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
        for &sq in self.squares.iter().filter(|&&s| s != 0) {
            let t = if sq & BLANK_FLAG != 0 {
                BLANK
            } else {
                tile_of(sq)
            };
            n[t as usize] += 1;
        }
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
        let rows: Vec<&str> = text.split('/').collect();
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
    fn from_rows_at(
        rows: &[&str],
        alphabet: &Alphabet,
        cgp: bool,
    ) -> std::result::Result<Board, (usize, String)> {
        let n = rows.len();
        let mut b = Board::new(n);
        for (r, row) in rows.iter().enumerate() {
            let squares = parse_row(row, alphabet, cgp)
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
    let chars: Vec<char> = row.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if cgp && c.is_ascii_digit() {
            let mut j = i;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            let run: String = chars[i..j].iter().collect();
            let k: usize = run
                .parse()
                .map_err(|_| format!("bad run {:?}", crate::text::snippet(&run)))?;
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
        let (label, next) = if c == '[' {
            let end = chars[i..]
                .iter()
                .position(|&x| x == ']')
                .ok_or_else(|| format!("unclosed [ at character {}", i + 1))?;
            (
                chars[i + 1..i + end].iter().collect::<String>(),
                i + end + 1,
            )
        } else {
            (c.to_string(), i + 1)
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
    Ok(out)
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

/// A rack as tile counts; index 0 counts blanks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rack {
    counts: [u8; 64],
    len: u8,
}

impl Default for Rack {
    fn default() -> Rack {
        Rack {
            counts: [0; 64],
            len: 0,
        }
    }
}

impl Rack {
    /// A rack from tiles (0 = blank).
    ///
    /// # Panics
    /// As [`Rack::add`].
    pub fn from_tiles(tiles: &[Tile]) -> Rack {
        let mut r = Rack::default();
        for &t in tiles {
            r.add(t);
        }
        r
    }

    /// Parses a rack (`?` = blank, `[CH]` for multi-character tiles).
    pub fn parse(text: &str, alphabet: &Alphabet) -> Result<Rack> {
        let tiles = alphabet
            .parse_tiles(text, Spelling::Tiles, Blanks::Allowed)
            .map_err(|e| Error::Position(format!("rack {:?}: {e}", crate::text::snippet(text))))?;
        if tiles.len() > 63 {
            return Err(Error::Position(format!(
                "rack {text:?} has {} tiles",
                tiles.len()
            )));
        }
        Ok(Rack::from_tiles(&tiles))
    }

    /// Adds a tile.
    ///
    /// # Panics
    /// If `t` is not a tile (63 at most) or the rack would hold more than
    /// 255 tiles; [`Rack::parse`] returns errors instead.
    pub fn add(&mut self, t: Tile) {
        assert!((t as usize) < 64, "tile {t} is out of range (0..64)");
        let len = self
            .len
            .checked_add(1)
            .expect("a rack holds at most 255 tiles");
        self.counts[t as usize] += 1;
        self.len = len;
    }

    /// Removes a tile if present.
    pub fn remove(&mut self, t: Tile) -> bool {
        if self.count(t) == 0 {
            return false;
        }
        self.counts[t as usize] -= 1;
        self.len -= 1;
        true
    }

    /// How many of tile `t` (0 = blanks).
    #[inline]
    pub fn count(&self, t: Tile) -> u8 {
        self.counts.get(t as usize).copied().unwrap_or(0)
    }

    /// The count array (index 0 = blanks).
    pub fn counts(&self) -> &[u8; 64] {
        &self.counts
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True if empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Tiles in order (blanks first).
    pub fn tiles(&self) -> Vec<Tile> {
        let mut v = Vec::with_capacity(self.len());
        for (t, &n) in self.counts.iter().enumerate() {
            v.extend(std::iter::repeat_n(t as Tile, n as usize));
        }
        v
    }

    /// Every distinct non-empty sub-multiset of the rack: the exchanges it
    /// allows. Fewest tiles first, then in alphabet order, blanks last.
    ///
    /// ```
    /// use lexgraph::{Alphabet, board::Rack};
    /// let a = Alphabet::english();
    /// let subs: Vec<String> = Rack::parse("AA?", &a)?.sub_racks().iter().map(|r| r.to_text(&a)).collect();
    /// assert_eq!(subs, ["A", "?", "AA", "A?", "AA?"]);
    /// # Ok::<(), lexgraph::Error>(())
    /// ```
    pub fn sub_racks(&self) -> Vec<Rack> {
        fn rec(kinds: &[(Tile, u8)], cur: &mut Rack, out: &mut Vec<Rack>) {
            let Some((&(t, n), rest)) = kinds.split_first() else {
                if !cur.is_empty() {
                    out.push(*cur);
                }
                return;
            };
            for k in 0..=n {
                rec(rest, cur, out);
                if k < n {
                    cur.add(t);
                }
            }
            for _ in 0..n {
                cur.remove(t);
            }
        }
        let kinds: Vec<(Tile, u8)> = (0..64u8)
            .map(|t| (t, self.count(t)))
            .filter(|&(_, n)| n > 0)
            .collect();
        let mut out = Vec::new();
        rec(&kinds, &mut Rack::default(), &mut out);
        // Blanks (tile 0) sort after every letter.
        let key = |r: &Rack| {
            let mut t: Vec<Tile> = r.tiles().into_iter().map(|x| x.wrapping_sub(1)).collect();
            t.sort_unstable();
            (t.len(), t)
        };
        out.sort_by_cached_key(key);
        out
    }

    /// The rack as text (`?` for blanks, listed last as players write them).
    pub fn to_text(&self, alphabet: &Alphabet) -> String {
        let mut s = String::new();
        for (t, &n) in self.counts.iter().enumerate().skip(1) {
            for _ in 0..n {
                s.push_str(&alphabet.label(t as Tile, false));
            }
        }
        for _ in 0..self.counts[0] {
            s.push('?');
        }
        s
    }
}

/// A game position: board, racks, scores, and CGP opcodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub board: Board,
    /// Racks of the player to move and the opponent.
    pub racks: [Rack; 2],
    pub scores: [i32; 2],
    pub zero_turns: u32,
    /// The `lex NAME;` opcode, if any.
    pub lexicon: Option<String>,
    /// Other opcodes, as (name, value).
    pub opcodes: Vec<(String, String)>,
}

/// `board`, if it is `size` squares a side: the side the rules' layout has.
fn of_size(board: Board, size: usize) -> Result<Board> {
    if board.size() != size {
        return Err(Error::Position(format!(
            "the board is {0}x{0}; the layout is {size}x{size}",
            board.size()
        )));
    }
    Ok(board)
}

impl Position {
    /// A position with an empty board and the given rack.
    pub fn new(board: Board, rack: Rack) -> Position {
        Position {
            board,
            racks: [rack, Rack::default()],
            scores: [0, 0],
            zero_turns: 0,
            lexicon: None,
            opcodes: Vec::new(),
        }
    }

    /// The rack of the player to move.
    pub fn rack(&self) -> &Rack {
        &self.racks[0]
    }

    /// The value of CGP opcode `name` (`bdn`, `bb`, `ld`, ...), if given.
    pub fn opcode(&self, name: &str) -> Option<&str> {
        self.opcodes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The bingo bonus the `bb` opcode gives, if any: a number from 0 to
    /// [`crate::rules::MAX_BINGO_BONUS`], else an error naming it.
    pub fn bingo_bonus(&self) -> Result<Option<i32>> {
        let max = crate::rules::MAX_BINGO_BONUS;
        self.opcode("bb")
            .map(|v| {
                v.parse()
                    .ok()
                    .filter(|b: &i32| (0..=max).contains(b))
                    .ok_or_else(|| {
                        Error::Position(format!(
                            "CGP `bb {v}`: a bingo bonus is a number from 0 to {max}"
                        ))
                    })
            })
            .transpose()
    }

    /// Parses a stacked position, `ROWS RACK` (`formats/upwords.md`): the
    /// board as [`Board::parse_stacked`] reads it, then the rack's tiles
    /// written together (none: an empty rack); `size` is the board side
    /// the rules expect.
    ///
    /// ```
    /// use lexgraph::{Alphabet, Position};
    /// let a = Alphabet::builtin("upwords").unwrap();
    /// let p = Position::parse_stacked(".../.A2./... E[QU]T", &a, 3).unwrap();
    /// assert_eq!(p.rack().len(), 3);
    /// assert_eq!(p.to_stacked(&a), ".../.A2./... E[QU]T");
    /// ```
    pub fn parse_stacked(line: &str, alphabet: &Alphabet, size: usize) -> Result<Position> {
        let line = line.trim_start_matches('\u{feff}').trim();
        let mut fields = line.split_whitespace();
        let board_text = fields
            .next()
            .ok_or_else(|| Error::Position("empty position".into()))?;
        let board = of_size(Board::parse_stacked(board_text, alphabet)?, size)?;
        let rack = match fields.next() {
            Some(r) => Rack::parse(r, alphabet)?,
            None => Rack::default(),
        };
        if let Some(extra) = fields.next() {
            return Err(Error::Position(format!(
                "unexpected {extra:?} after the rack (a stacked position is `ROWS RACK`)"
            )));
        }
        Ok(Position::new(board, rack))
    }

    /// The position as `ROWS RACK` ([`Position::parse_stacked`]).
    pub fn to_stacked(&self, alphabet: &Alphabet) -> String {
        format!(
            "{} {}",
            self.board.to_stacked(alphabet),
            self.rack().to_text(alphabet)
        )
        .trim_end()
        .to_string()
    }

    /// Parses a CGP line; `size` is the board side the rules expect.
    pub fn parse_cgp(line: &str, alphabet: &Alphabet, size: usize) -> Result<Position> {
        // Four fields separated by any run of white space, then the opcodes
        // (which hold spaces themselves). A byte-order mark is not text.
        let mut rest = line.trim_start_matches('\u{feff}');
        let mut fields = [""; 4];
        for f in &mut fields {
            let s = rest.trim_start();
            let end = s.find(char::is_whitespace).unwrap_or(s.len());
            (*f, rest) = s.split_at(end);
        }
        let ops = rest.trim();
        let mut parts = fields
            .into_iter()
            .chain([ops])
            .take_while(|f| !f.is_empty());
        let board_text = parts
            .next()
            .ok_or_else(|| Error::Position("empty CGP".into()))?;
        let board = of_size(Board::parse_cgp(board_text, alphabet)?, size)?;
        let racks_text = parts
            .next()
            .ok_or_else(|| Error::Position("CGP has no racks field".into()))?;
        let mut racks = [Rack::default(), Rack::default()];
        for (i, r) in racks_text.splitn(2, '/').enumerate() {
            racks[i] = Rack::parse(r, alphabet)?;
        }
        let mut scores = [0, 0];
        let mut zero_turns = 0;
        let mut lexicon = None;
        let mut opcodes = Vec::new();
        if let Some(s) = parts.next() {
            for (i, x) in s.splitn(2, '/').enumerate() {
                scores[i] = x.parse().map_err(|_| {
                    Error::Position(format!(
                        "CGP score {:?} is not a number",
                        crate::text::snippet(x)
                    ))
                })?;
            }
        }
        if let Some(z) = parts.next() {
            zero_turns = z.parse().map_err(|_| {
                Error::Position(format!(
                    "CGP zero-turn count {:?} is not a number",
                    crate::text::snippet(z)
                ))
            })?;
        }
        if let Some(ops) = parts.next() {
            for op in ops.split(';').map(str::trim).filter(|s| !s.is_empty()) {
                let (name, value) = op.split_once(char::is_whitespace).unwrap_or((op, ""));
                if name == "lex" {
                    lexicon = Some(value.trim().to_string());
                } else {
                    opcodes.push((name.to_string(), value.trim().to_string()));
                }
            }
        }
        Ok(Position {
            board,
            racks,
            scores,
            zero_turns,
            lexicon,
            opcodes,
        })
    }

    /// The position in CGP form.
    pub fn to_cgp(&self, alphabet: &Alphabet) -> String {
        let mut s = format!(
            "{} {}/{} {}/{} {}",
            self.board.to_cgp(alphabet),
            self.racks[0].to_text(alphabet),
            self.racks[1].to_text(alphabet),
            self.scores[0],
            self.scores[1],
            self.zero_turns
        );
        if let Some(l) = &self.lexicon {
            s.push_str(&format!(" lex {l};"));
        }
        s
    }

    /// Checks the racks and board against the bag: no tile more often than
    /// the alphabet has it, no rack longer than `rack_size`.
    pub fn validate(&self, alphabet: &Alphabet, rack_size: usize) -> Result<()> {
        let mut used = self.board.bag_tiles();
        for rack in &self.racks {
            if rack.len() > rack_size {
                return Err(Error::Position(format!(
                    "rack {} has {} tiles, at most {rack_size} allowed",
                    rack.to_text(alphabet),
                    rack.len()
                )));
            }
            for (t, &n) in rack.counts().iter().enumerate() {
                used[t] += n as usize;
            }
        }
        for (t, &n) in used.iter().enumerate().take(alphabet.len() + 1) {
            let have = alphabet.tile(t as Tile).count as usize;
            if n > have {
                let label = if t == 0 {
                    "?".to_string()
                } else {
                    alphabet.label(t as Tile, false)
                };
                return Err(Error::Position(format!(
                    "{n} {label} tiles on the board and racks, but the bag has only {have}"
                )));
            }
        }
        Ok(())
    }

    /// Tiles in the bag: those the mover cannot see ([`Position::unseen`])
    /// less the opponent's rack, which is taken as a full one (`rack_size`
    /// tiles) when the position leaves it out. An exchange needs at least
    /// `rack_size` tiles in the bag.
    pub fn bag_len(&self, alphabet: &Alphabet, rack_size: usize) -> usize {
        let unseen: usize = self.unseen(alphabet).iter().map(|&c| c as usize).sum();
        let opponent = match self.racks[1].len() {
            0 => rack_size,
            n => n,
        };
        // Tiles under the tops of stacks are on the board too.
        let covered = self.board.heights().map_or(0, |h| {
            h.iter().map(|&h| h as usize).sum::<usize>() - self.board.tile_count()
        });
        unseen.saturating_sub(opponent + covered)
    }

    /// Tiles not on the board or on the mover's rack: the bag plus the
    /// opponent's rack (what the mover cannot see), as counts. On a stacked
    /// board only the top tiles are seen: the covered ones count as unseen.
    pub fn unseen(&self, alphabet: &Alphabet) -> [u8; 64] {
        let mut left = [0u8; 64];
        for (t, info) in alphabet.tiles().iter().enumerate() {
            left[t] = info.count;
        }
        for (t, &n) in self.board.bag_tiles().iter().enumerate() {
            left[t] = left[t].saturating_sub(n.min(255) as u8);
        }
        for (t, &n) in self.racks[0].counts().iter().enumerate() {
            left[t] = left[t].saturating_sub(n);
        }
        left
    }
}

/// Reads positions in the plain text format: `size` board rows, then a rack
/// line (without one, the rack is empty); blank lines and `#` comments are
/// skipped. Each position comes with the line it starts on, or its error
/// with the line at fault: a bad position does not stop the ones after it.
///
/// ```
/// use lexgraph::{Alphabet, board::parse_text_positions};
/// let text = "..\n.A\nA\n\n..\n.1\nA\n";
/// let ps = parse_text_positions(text, &Alphabet::english(), 2);
/// assert_eq!(ps.len(), 2);
/// assert_eq!(ps[0].0, 1);
/// assert!(ps[0].1.is_ok());
/// // The second board's second row, line 6, has a square that is no tile.
/// assert_eq!(ps[1].0, 6);
/// assert!(ps[1].1.as_ref().unwrap_err().to_string().starts_with("board row 2: '1'"));
/// ```
pub fn parse_text_positions(
    text: &str,
    alphabet: &Alphabet,
    size: usize,
) -> Vec<(usize, Result<Position>)> {
    if size == 0 || size > MAX_SIZE {
        let msg = format!("a board of {size} rows (1..={MAX_SIZE} allowed)");
        return vec![(1, Err(Error::Position(msg)))];
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // (line number, text, first line after a blank line or a comment).
    let mut lines: Vec<(usize, &str, bool)> = Vec::new();
    let mut gap = true;
    for (i, l) in text.lines().enumerate() {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            gap = true;
        } else {
            lines.push((i + 1, l, gap));
            gap = false;
        }
    }
    let bad = |line: usize, msg: String| (line, Err(Error::Position(msg)));
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let start = lines[i].0;
        if lines.len() - i < size {
            let left = lines.len() - i;
            out.push(bad(
                start,
                format!("a board needs {size} rows, only {left} left in the file"),
            ));
            break;
        }
        let first = i;
        let rows: Vec<&str> = lines[i..i + size].iter().map(|&(_, l, _)| l).collect();
        i += size;
        // A rack line is short and has no '.'; a board row has `size` squares.
        // Without one the rack is empty (a caller may supply its own).
        let rack_line = lines
            .get(i)
            .filter(|(_, l, _)| !l.contains('.') && text_tiles(l) < size.min(16));
        let (rack_at, rack_text) = rack_line.map_or((start, ""), |&(n, l, _)| (n, l));
        if rack_line.is_some() {
            i += 1;
        }
        // A bad position that ran into the next paragraph (positions set
        // apart by blank lines or comments) had a row too few: start again
        // there, so that the positions after it stay in step.
        let resync = |i: usize| (first + 1..i).find(|&j| lines[j].2).unwrap_or(i);
        // A row too many: the line after the board is neither a rack nor
        // the start of the next paragraph.
        if rack_line.is_none() && lines[first].2 && lines.get(i).is_some_and(|l| !l.2) {
            let (at, end) = (lines[i].0, lines[first + size - 1].0);
            out.push(bad(
                at,
                format!("expected the rack after the board on lines {start}-{end} (a board has {size} rows)"),
            ));
            // Skip the rest of this paragraph.
            i = (i..lines.len())
                .find(|&j| lines[j].2)
                .unwrap_or(lines.len());
            continue;
        }
        let board = match Board::from_rows_at(&rows, alphabet, false) {
            Ok(b) => b,
            Err((r, msg)) => {
                out.push(bad(lines[first + r].0, msg));
                i = resync(i);
                continue;
            }
        };
        let parsed = Rack::parse(rack_text, alphabet).map(|rack| Position::new(board, rack));
        match parsed {
            Ok(p) => out.push((start, Ok(p))),
            Err(e) => {
                out.push((rack_at, Err(e)));
                i = resync(i);
            }
        }
    }
    out
}

/// Squares written in a board row or rack: characters, a bracketed
/// multi-character tile (`[CH]`) counting once. Tells a rack line from a
/// board row, and a text board's size from its first row.
#[doc(hidden)] // for the command line
pub fn text_tiles(s: &str) -> usize {
    let mut n = 0;
    let mut open = false;
    for c in s.chars() {
        match c {
            '[' => open = true,
            ']' => {
                open = false;
                n += 1;
            }
            _ if open => {}
            _ => n += 1,
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opcodes_and_the_bingo_bonus() {
        let a = Alphabet::english();
        let empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AB/ 0/0 0";
        let p = Position::parse_cgp(&format!("{empty} bb 35; bdn CrosswordGame;"), &a, 15).unwrap();
        assert_eq!(p.opcode("bdn"), Some("CrosswordGame"));
        assert_eq!(p.opcode("ld"), None);
        assert_eq!(p.bingo_bonus().unwrap(), Some(35));
        let none = Position::parse_cgp(empty, &a, 15).unwrap();
        assert_eq!(none.bingo_bonus().unwrap(), None);
        for bad in ["-1", "x", "1000001"] {
            let p = Position::parse_cgp(&format!("{empty} bb {bad};"), &a, 15).unwrap();
            let e = p.bingo_bonus().unwrap_err().to_string();
            assert!(e.contains(&format!("`bb {bad}`")), "{e}");
        }
    }

    #[test]
    #[should_panic(expected = "square (0, 15) is off a 15x15 board")]
    fn a_column_past_the_edge_is_not_the_next_row() {
        Board::new(15).get(0, 15);
    }

    #[test]
    fn rack_lookups_of_non_tiles_find_nothing() {
        let mut r = Rack::from_tiles(&[1, 2, 0]);
        assert_eq!(r.count(64), 0);
        assert!(!r.remove(200));
        assert_eq!(r.len(), 3);
    }

    #[test]
    #[should_panic(expected = "at most 255 tiles")]
    fn a_rack_does_not_wrap_around() {
        let mut r = Rack::default();
        for _ in 0..256 {
            r.add(1);
        }
    }
}
