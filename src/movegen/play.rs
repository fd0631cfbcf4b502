//! Plays written in players' notation, and why one is not legal.
//!
//! A play is written as its first square and its whole main word: `8D QUIRE`
//! (row number first: across), `D8 QUIRe` (column letter first: down). Lower
//! case is a blank played as that letter; a multi-character tile goes in
//! brackets (`[CH]`); `.` stands for a tile already on the board, as game
//! records write play-through tiles.
//!
//! [`Notation::why_illegal`] checks such a play against a board, rack and
//! lexicon rule by rule and names every rule it breaks, so that a user who
//! typed a play learns what is wrong with it instead of "not legal":
//!
//! ```
//! use lexgraph::{Alphabet, Lexicon, WordList, compile};
//! use lexgraph::{Board, Rack};
//! use lexgraph::play::Notation;
//! use lexgraph::rules::Rules;
//! let a = Alphabet::english();
//! let words = WordList::parse(b"qi\nqis\nza\n", "inline", &a, lexgraph::Invalid::Refuse)?;
//! let lex = Lexicon::from_vec(compile::compile(&words).dawg)?;
//! let board = Board::new(15);
//! let rack = Rack::parse("QIZ", &a)?;
//! let play = Notation::parse("8H QIS", &a)?;
//! let why = play.why_illegal(&lex, &Rules::default(), &board, &rack);
//! assert_eq!(why, ["no S on the rack IQZ (lower case is a blank)"]);
//! let play = Notation::parse("1A QI", &a)?;
//! let why = play.why_illegal(&lex, &Rules::default(), &board, &rack);
//! assert_eq!(why, ["the first play must cover the start square 8H"]);
//! # Ok::<(), lexgraph::Error>(())
//! ```

use crate::alphabet::{Alphabet, Tile, BLANK};
use crate::board::{parse_row, tile_of, Board, BLANK_FLAG};
use crate::error::{Error, Result};
use crate::lexicon::Lexicon;
use crate::movegen::{column_name, cross_words, Dir, Move};
use crate::rack::Rack;
use crate::rules::{Rules, MAX_SIZE};

/// A play as written: first square, direction and the main word's squares
/// (tiles with [`BLANK_FLAG`] for blanks; 0 for `.`, the board's tile).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notation {
    /// The first square's row, 0-based (`8D` is row 7); not checked
    /// against a board's size.
    pub row: usize,
    /// The first square's column, 0-based (`A` is 0, `AA` is 26).
    pub col: usize,
    /// Across when the row number comes first, down when the column letter
    /// does.
    pub dir: Dir,
    /// The main word's squares from the first square on, one a square.
    pub word: Vec<u8>,
}

/// How [`Notation::matches`] reads the case of a written play's letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlankCase {
    /// Lower case is a blank, capitals a real tile.
    AsWritten,
    /// Capitals also match blanks placed for those letters.
    Any,
}

impl Notation {
    /// Parses `8D QUIRE` / `D8 QUIRE` (see the module docs).
    pub fn parse(text: &str, alphabet: &Alphabet) -> Result<Notation> {
        let bad = |msg: String| {
            Error::Position(format!("play \"{}\": {msg}", crate::input::snippet(text)))
        };
        let [coords, word] = text.split_whitespace().collect::<Vec<_>>()[..] else {
            return Err(bad(
                "expected SQUARE WORD, as 8D QUIRE (across) or D8 QUIRE (down)".into(),
            ));
        };
        let (row, col, dir) = parse_square(coords).ok_or_else(|| {
            bad(format!(
                "{coords:?} is not a square (row number and column letter, as 8D or D8)"
            ))
        })?;
        let word = parse_row(word, alphabet, false).map_err(bad)?;
        if word.is_empty() || word.len() > MAX_SIZE {
            return Err(bad(format!("a word of {} squares", word.len())));
        }
        Ok(Notation {
            row,
            col,
            dir,
            word,
        })
    }

    /// Whether `m` is this play: the same first square, direction and word,
    /// with `.` standing for a tile on the board. A square written in
    /// capitals that `m` fills with a blank matches only with
    /// [`BlankCase::Any`] (a play written in capitals only may stand for its
    /// blank versions).
    pub fn matches(&self, m: &Move, blanks: BlankCase) -> bool {
        let any_blanks = blanks == BlankCase::Any;
        // A lone tile (`8J S`) names the one-tile play that places it,
        // whichever direction its words run.
        if let [w] = self.word[..] {
            let mut placed = m.placements();
            return match (placed.next(), placed.next()) {
                (Some((r, c, sq)), None) => {
                    (r, c) == (self.row, self.col)
                        && tile_of(sq) == tile_of(w)
                        && (any_blanks || w & BLANK_FLAG == sq & BLANK_FLAG)
                }
                _ => false,
            };
        }
        let same_line = m.dir == self.dir
            && m.row as usize == self.row
            && m.col as usize == self.col
            && m.len as usize == self.word.len();
        same_line
            && self
                .word
                .iter()
                .zip(m.word())
                .enumerate()
                .all(|(i, (&w, &sq))| {
                    let placed = m.placed >> i & 1 == 1;
                    match w {
                        0 => !placed,
                        w if tile_of(w) != tile_of(sq) => false,
                        // The case of a board tile's letter does not matter.
                        w => !placed || any_blanks || w & BLANK_FLAG == sq & BLANK_FLAG,
                    }
                })
    }

    /// Whether `m`, a move on `board`, is this play: as [`Notation::matches`],
    /// or, for a one-tile play, written along its other word (`J8 SO` for
    /// the S of `8E QUIRES` with an O below it).
    pub fn names(&self, board: &Board, m: &Move, blanks: BlankCase) -> bool {
        self.matches(m, blanks) || cross_move(board, m).is_some_and(|o| self.matches(&o, blanks))
    }

    /// True when no square is written in lower case (as a blank).
    pub fn is_capitals(&self) -> bool {
        self.word.iter().all(|&w| w & BLANK_FLAG == 0)
    }

    /// Keeps the moves of `moves` (generated on `board`) that this play
    /// names: as written; or, written in capitals only and naming none so,
    /// with blanks for any of its letters (`QUIRES` finds `QUIRsS`).
    pub fn retain_named(&self, board: &Board, moves: &mut Vec<Move>) {
        let is = |m: &Move, blanks| self.names(board, m, blanks);
        let blanks = match self.is_capitals() && !moves.iter().any(|m| is(m, BlankCase::AsWritten))
        {
            true => BlankCase::Any,
            false => BlankCase::AsWritten,
        };
        moves.retain(|m| is(m, blanks));
    }

    /// The first square as players write it for this direction (`8D`, `D8`).
    pub fn coordinates(&self) -> String {
        let col = column_name(self.col);
        match self.dir {
            Dir::Across => format!("{}{col}", self.row + 1),
            Dir::Down => format!("{col}{}", self.row + 1),
        }
    }

    /// The square written for word square `i`.
    fn square(&self, i: usize) -> (usize, usize) {
        match self.dir {
            Dir::Across => (self.row, self.col + i),
            Dir::Down => (self.row + i, self.col),
        }
    }

    /// Every rule of the game this play breaks on `board` with `rack`, in
    /// the order a player would check them; empty when it breaks none.
    /// Stops after a fault that makes the later checks meaningless (a play
    /// off the board, a square that holds another tile).
    pub fn why_illegal(
        &self,
        lex: &Lexicon,
        rules: &Rules,
        board: &Board,
        rack: &Rack,
    ) -> Vec<String> {
        let a = lex.alphabet();
        let n = board.size();
        let name = |(r, c): (usize, usize)| format!("{}{}", r + 1, column_name(c));
        let len = self.word.len();
        let (last_r, last_c) = self.square(len - 1);
        if self.row >= n || self.col >= n {
            return vec![format!("{} is off the {n}x{n} board", self.coordinates())];
        }
        if last_r >= n || last_c >= n {
            return vec![format!(
                "the word runs off the {n}x{n} board ({} squares from {})",
                len,
                self.coordinates()
            )];
        }
        let mut why = Vec::new();
        // The word as it would stand, and what the rack must supply.
        let mut word = [0u8; MAX_SIZE];
        let mut placed = 0u32;
        for (i, &w) in self.word.iter().enumerate() {
            let (r, c) = self.square(i);
            let on = board.get(r, c);
            match (on, w) {
                (0, 0) => why.push(format!(
                    "{} is empty: '.' stands for a tile on the board",
                    name((r, c))
                )),
                (0, w) => {
                    word[i] = w;
                    placed |= 1 << i;
                }
                (on, 0) => word[i] = on,
                (on, w) if tile_of(on) == tile_of(w) => word[i] = on,
                (on, w) => why.push(format!(
                    "{} holds {}, not {}",
                    name((r, c)),
                    a.label(tile_of(on), on & BLANK_FLAG != 0),
                    a.label(tile_of(w), w & BLANK_FLAG != 0)
                )),
            }
        }
        if !why.is_empty() {
            return why;
        }
        let (dr, dc) = match self.dir {
            Dir::Across => (0, 1),
            Dir::Down => (1, 0),
        };
        let before = (self.row.checked_sub(dr), self.col.checked_sub(dc));
        if let (Some(r), Some(c)) = before {
            if board.get(r, c) != 0 {
                why.push(format!(
                    "the main word does not start at {}: {} holds a tile",
                    name((self.row, self.col)),
                    name((r, c))
                ));
            }
        }
        let (ar, ac) = (last_r + dr, last_c + dc);
        if ar < n && ac < n && board.get(ar, ac) != 0 {
            why.push(format!(
                "the main word does not end at {}: {} holds a tile",
                name((last_r, last_c)),
                name((ar, ac))
            ));
        }
        if placed == 0 {
            why.push("it places no tile".into());
            return why;
        }
        // Tiles the rack lacks.
        let mut left = *rack;
        let mut missing: Vec<String> = Vec::new();
        for (i, &sq) in word[..len].iter().enumerate() {
            if placed >> i & 1 == 1 {
                let t: Tile = if sq & BLANK_FLAG != 0 {
                    BLANK
                } else {
                    tile_of(sq)
                };
                if !left.remove(t) {
                    missing.push(if t == BLANK {
                        format!("blank (for {})", a.label(tile_of(sq), true))
                    } else {
                        a.label(t, false)
                    });
                }
            }
        }
        if !missing.is_empty() {
            why.push(format!(
                "no {} on the rack {} (lower case is a blank)",
                missing.join(", "),
                rack.to_text(a)
            ));
        }
        // Placement: the opening covers the start square; later plays touch
        // a tile on the board.
        let squares: Vec<(usize, usize)> = (0..len).map(|i| self.square(i)).collect();
        if board.is_empty() {
            let start = rules.layout.start();
            if !squares.contains(&start) {
                why.push(format!(
                    "the first play must cover the start square {}",
                    name(start)
                ));
            }
        } else {
            let touches = squares.iter().enumerate().any(|(i, &(r, c))| {
                placed >> i & 1 == 0
                    || [(0, 1), (2, 1), (1, 0), (1, 2)].iter().any(|&(rr, cc)| {
                        let (r2, c2) = ((r + rr).wrapping_sub(1), (c + cc).wrapping_sub(1));
                        r2 < n && c2 < n && board.get(r2, c2) != 0
                    })
            });
            if !touches {
                why.push("it does not touch any tile on the board".into());
            }
        }
        // Words formed: the main word (two tiles or more) and each cross word.
        let m = Move {
            dir: self.dir,
            row: self.row as u8,
            col: self.col as u8,
            len: len as u8,
            word,
            placed,
            score: 0,
        };
        let plain = |w: &[u8]| w.iter().map(|&s| tile_of(s)).collect::<Vec<Tile>>();
        let text = |w: &[u8]| crate::movegen::squares_text(w, a);
        let mut bad_words = Vec::new();
        if len >= 2 && !lex.contains_tiles(&plain(&word[..len])) {
            bad_words.push(text(&word[..len]));
        }
        let crosses = cross_words(board, &m);
        for (_, _, w) in &crosses {
            if !lex.contains_tiles(&plain(w)) {
                bad_words.push(text(w));
            }
        }
        match bad_words.len() {
            0 => {}
            1 => why.push(format!("{} is not in the lexicon", bad_words[0])),
            _ => why.push(format!("{} are not in the lexicon", bad_words.join(", "))),
        }
        if len < 2 && crosses.is_empty() {
            why.push("it forms no word of two or more tiles".into());
        }
        why
    }
}

/// A one-tile move as the move along its other word, if it forms one: the
/// same placement, the cross word as its main word.
pub fn cross_move(board: &Board, m: &Move) -> Option<Move> {
    if m.tiles_placed() != 1 {
        return None;
    }
    let (row, col, word) = cross_words(board, m).into_iter().next()?;
    let (pr, pc, _) = m.placements().next()?;
    let mut other = *m;
    other.dir = m.dir.cross();
    (other.row, other.col, other.len) = (row as u8, col as u8, word.len() as u8);
    other.word = [0; MAX_SIZE];
    other.word[..word.len()].copy_from_slice(&word);
    other.placed = 1
        << match other.dir {
            Dir::Across => pc - col,
            Dir::Down => pr - row,
        };
    Some(other)
}

/// A square as players write it: `8D` (row first) for an across play, `D8`
/// for a down one; columns past Z are `AA`, `AB`, ... Returns 0-based row and
/// column, or `None` when the text is not a square.
pub fn parse_square(coords: &str) -> Option<(usize, usize, Dir)> {
    let coords = coords.to_ascii_uppercase();
    let digits = coords.trim_matches(|c: char| c.is_ascii_uppercase());
    let letters = coords.trim_matches(|c: char| c.is_ascii_digit());
    let well_formed = !digits.is_empty()
        && !letters.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit())
        && letters.chars().all(|c| c.is_ascii_uppercase())
        && digits.len() + letters.len() == coords.len()
        && digits.len() <= 3
        && letters.len() <= 3;
    if !well_formed {
        return None;
    }
    let row = digits.parse::<usize>().ok()?.checked_sub(1)?;
    let col = letters
        .bytes()
        .fold(0usize, |acc, c| acc * 26 + (c - b'A' + 1) as usize)
        - 1;
    let dir = match coords.as_bytes()[0].is_ascii_digit() {
        true => Dir::Across,
        false => Dir::Down,
    };
    Some((row, col, dir))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wordlist::Invalid;
    use crate::{compile, WordList};

    fn lex() -> Lexicon {
        let a = Alphabet::english();
        let words =
            WordList::parse(b"quire\nquires\nqi\nso\nis\n", "t", &a, Invalid::Refuse).unwrap();
        Lexicon::from_vec(compile::compile(&words).gaddag).unwrap()
    }

    fn board_with_quire() -> Board {
        let a = Alphabet::english();
        let mut rows = vec![".".repeat(15); 15];
        rows[7] = "....QUIRE......".into();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        Board::parse_rows(&rows, &a).unwrap()
    }

    fn why(play: &str, rack: &str, board: &Board) -> Vec<String> {
        let lex = lex();
        let a = lex.alphabet().clone();
        let p = Notation::parse(play, &a).unwrap();
        p.why_illegal(
            &lex,
            &Rules::default(),
            board,
            &Rack::parse(rack, &a).unwrap(),
        )
    }

    #[test]
    fn matching_moves() {
        let b = board_with_quire();
        let lex = lex();
        let a = lex.alphabet().clone();
        let mut gen = crate::movegen::Generator::new(Rules::default());
        let mut moves = Vec::new();
        let rack = Rack::parse("S?", &a).unwrap();
        gen.generate(&lex, &b, &rack, &Default::default(), &mut moves);
        let find = |text: &str, blanks: BlankCase| -> Vec<String> {
            let n = Notation::parse(text, &a).unwrap();
            let mut v: Vec<String> = moves
                .iter()
                .filter(|m| n.matches(m, blanks))
                .map(|m| m.notation(&a))
                .collect();
            v.sort();
            v
        };
        assert_eq!(find("8E QUIRES", BlankCase::AsWritten), ["8E QUIRES"]);
        assert_eq!(find("8e quireS", BlankCase::AsWritten), ["8E QUIRES"]);
        assert_eq!(find("8E .....S", BlankCase::AsWritten), ["8E QUIRES"]);
        assert_eq!(find("8E QUIREs", BlankCase::AsWritten), ["8E QUIREs"]);
        assert_eq!(
            find("8E QUIRES", BlankCase::Any),
            ["8E QUIRES", "8E QUIREs"]
        );
        // One tile, written alone: the play that places it, by either word.
        assert_eq!(find("8J S", BlankCase::AsWritten), ["8E QUIRES"]);
        assert_eq!(find("J8 S", BlankCase::AsWritten), ["8E QUIRES"]);
        assert!(find("8E QUIRE", BlankCase::Any).is_empty());
        assert!(Notation::parse("8E QUIRES", &a).unwrap().is_capitals());
        assert!(!Notation::parse("8E QUIREs", &a).unwrap().is_capitals());
    }

    #[test]
    fn squares() {
        assert_eq!(parse_square("8d"), Some((7, 3, Dir::Across)));
        assert_eq!(parse_square("D8"), Some((7, 3, Dir::Down)));
        assert_eq!(parse_square("1AA"), Some((0, 26, Dir::Across)));
        for bad in ["8", "D", "8D8", "0A", "", "9999999999999999999A"] {
            assert_eq!(parse_square(bad), None, "{bad}");
        }
    }

    #[test]
    fn legal_plays_break_no_rule() {
        let b = board_with_quire();
        assert!(why("8E QUIRES", "S", &b).is_empty());
        assert!(why("8E .....S", "S", &b).is_empty());
        assert!(why("8E QUIREs", "?", &b).is_empty());
        assert!(why("8H QUIRE", "QUIRE", &Board::new(15)).is_empty());
    }

    #[test]
    fn each_rule_is_named() {
        let b = board_with_quire();
        let empty = Board::new(15);
        assert_eq!(why("8E QUIREZ", "Z", &b), ["QUIREZ is not in the lexicon"]);
        assert_eq!(
            why("8E QUIRES", "A", &b),
            ["no S on the rack A (lower case is a blank)"]
        );
        assert_eq!(
            why("8E QUIREs", "S", &b),
            ["no blank (for s) on the rack S (lower case is a blank)"]
        );
        assert_eq!(why("8E QUIT", "T", &b), ["8H holds R, not T"]);
        assert_eq!(
            why("8N SOS", "SOS", &b),
            ["the word runs off the 15x15 board (3 squares from 8N)"]
        );
        assert_eq!(why("16A SO", "SO", &b), ["16A is off the 15x15 board"]);
        assert_eq!(
            why("1A SO", "SO", &b),
            ["it does not touch any tile on the board"]
        );
        assert_eq!(
            why("1A SO", "SO", &empty),
            ["the first play must cover the start square 8H"]
        );
        assert_eq!(
            why("8F UIRES", "S", &b),
            [
                "the main word does not start at 8F: 8E holds a tile",
                "UIRES is not in the lexicon"
            ]
        );
        assert_eq!(why("8E QUIRE", "S", &b), ["it places no tile"]);
        // A tile below the Q makes the down word QX.
        assert_eq!(why("E8 .X", "X", &b), ["QX is not in the lexicon"]);
        assert_eq!(
            why("8H Q", "Q", &empty),
            ["it forms no word of two or more tiles"]
        );
    }
}
