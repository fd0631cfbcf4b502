//! Positions: a board, both racks, scores and CGP opcodes, and the two
//! text forms they are read from:
//!
//! * **CGP** (Crossword Game Position, as exchanged by Macondo, MAGPIE and
//!   Woogles): `BOARD RACK1/RACK2 SCORE1/SCORE2 ZERO_TURNS [opcodes;]`, board
//!   rows joined by `/`, a number for a run of empty squares, lower case for
//!   blanks, `[CH]` for a multi-character tile.
//! * **Plain text**: one line per row, `.` for an empty square, tiles as in
//!   CGP, optionally followed by a rack line.
//!
//! ```
//! use lexgraph::{Alphabet, Position};
//! let p = Position::parse_cgp("15/15/15/15/15/15/15/4QUIRe6/15/15/15/15/15/15/15 AEINRS?/ 0/0 0 lex ENABLE;",
//!                             &Alphabet::english(), 15).unwrap();
//! assert_eq!(p.board.tile_count(), 5);
//! assert_eq!(p.lexicon.as_deref(), Some("ENABLE"));
//! assert_eq!(p.rack().len(), 7);
//! ```

use crate::alphabet::{Alphabet, Tile};
use crate::board::Board;
use crate::error::{Error, Result};
use crate::rack::Rack;
use crate::rules::{Layout, Rules, MAX_SIZE};

/// The bingo bonus of a position whose CGP has no `bb` opcode.
pub const DEFAULT_BINGO_BONUS: i32 = 50;

/// The rack size of a position's rules ([`Position::rules`]).
pub const DEFAULT_RACK_SIZE: usize = 7;

/// A game position: board, racks, scores, and CGP opcodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The tiles on the board.
    pub board: Board,
    /// Racks of the player to move and the opponent.
    pub racks: [Rack; 2],
    /// Scores of the player to move and the opponent.
    pub scores: [i32; 2],
    /// Consecutive scoreless turns so far (passes, exchanges, zero-point
    /// plays): six end the game.
    pub zero_turns: u32,
    /// Players in the game, the mover among them: 2 unless a game of more
    /// says so (CGP has no field for it). The mover cannot see the others'
    /// racks, so [`Position::bag_len`] sets a rack aside for each.
    pub players: u8,
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
            players: 2,
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

    /// Parses a CGP line whatever its board's size (counted from its rows):
    /// the position says how it is played ([`Position::rules`]).
    ///
    /// ```
    /// use lexgraph::{Alphabet, Position};
    /// let empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";
    /// let p = Position::from_cgp(&format!("{empty} QIS/ 0/0 0 bb 35;"), &Alphabet::english())?;
    /// let rules = p.rules()?;
    /// assert_eq!((rules.layout.name(), rules.bingo_bonus, rules.rack_size), ("standard", 35, 7));
    /// # Ok::<(), lexgraph::Error>(())
    /// ```
    pub fn from_cgp(line: &str, alphabet: &Alphabet) -> Result<Position> {
        let board = line
            .trim_start_matches('\u{feff}')
            .split_whitespace()
            .next()
            .unwrap_or("");
        Position::parse_cgp(line, alphabet, board.split('/').count())
    }

    /// The board layout: the one the CGP `bdn` opcode names
    /// ([`Layout::for_cgp_name`]), else the built-in one of the board's size
    /// ([`Layout::for_size`]); an error if that layout's size is not the
    /// board's.
    pub fn layout(&self) -> Result<Layout> {
        let size = self.board.size();
        let layout = match self.opcode("bdn").and_then(Layout::for_cgp_name) {
            Some(l) => l,
            None => Layout::for_size(size)?,
        };
        if layout.size() != size {
            return Err(Error::Position(format!(
                "the board is {size}x{size}, the layout {0} is {1}x{1}",
                layout.name(),
                layout.size()
            )));
        }
        Ok(layout)
    }

    /// The rules the position is played under, as far as it says: its
    /// [`Position::layout`], the bingo bonus of its `bb` opcode (else 50),
    /// racks of 7 tiles.
    pub fn rules(&self) -> Result<Rules> {
        let bingo = self.bingo_bonus()?.unwrap_or(DEFAULT_BINGO_BONUS);
        Rules::new(self.layout()?, DEFAULT_RACK_SIZE, bingo)
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
                        crate::input::snippet(x)
                    ))
                })?;
            }
        }
        if let Some(z) = parts.next() {
            zero_turns = z.parse().map_err(|_| {
                Error::Position(format!(
                    "CGP zero-turn count {:?} is not a number",
                    crate::input::snippet(z)
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
            players: 2,
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
    /// less the opponents' racks, each taken as a full one (`rack_size`
    /// tiles) when the position leaves it out. An exchange needs at least
    /// `rack_size` tiles in the bag.
    pub fn bag_len(&self, alphabet: &Alphabet, rack_size: usize) -> usize {
        let unseen: usize = self.unseen(alphabet).iter().map(|&c| c as usize).sum();
        // Opponents hold full racks while the bag has tiles; once it is
        // empty the subtraction below saturates at 0 whatever they hold.
        let others = (self.players.max(2) - 1) as usize;
        let opponent = match self.racks[1].len() {
            0 => rack_size * others,
            n => n + rack_size * (others - 1),
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
/// use lexgraph::{Alphabet, position::parse_text_positions};
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
}
