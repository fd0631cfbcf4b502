//! An independent brute-force Upwords move generator, from the rules in
//! `formats/upwords.md` (after the published rules of the classic edition).
//!
//! Nothing here uses `src/movegen`, `src/crosscheck` or `src/scoring`:
//! words are looked up in the oracle's own [`WordSet`], and the board is
//! read square by square. For each direction, line and span of two or more
//! squares with empty (or off-board) squares on both sides, every way of
//! giving each square of the span a rack tile (an empty square must get
//! one; a tile may get one, of another letter, while its stack is under the
//! limit) is tried, the main word kept a prefix of some word as it grows.
//! [`UpwordsOracle::evaluate`] holds every other rule.

use std::collections::HashSet;

use lexgraph::board::{tile_of, Board};
use lexgraph::movegen::{Dir, Move};
use lexgraph::rack::Rack;
use lexgraph::rules::Rules;
use lexgraph::Tile;

use super::WordSet;

/// The oracle's view of a move: enough to compare with [`Move`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StackPlay {
    pub dir: Dir,
    pub row: usize,
    pub col: usize,
    /// Top tiles of the main word after the move.
    pub word: Vec<u8>,
    /// Bit `i` set when word square `i` receives a tile.
    pub placed: u32,
    pub score: i32,
}

impl StackPlay {
    pub fn from_move(m: &Move) -> StackPlay {
        StackPlay {
            dir: m.dir,
            row: m.row as usize,
            col: m.col as usize,
            word: m.word().to_vec(),
            placed: m.placed,
            score: m.score,
        }
    }
}

pub struct UpwordsOracle<'a> {
    pub words: &'a WordSet,
    pub rules: &'a Rules,
    /// The Qu tile.
    pub qu: Tile,
}

impl<'a> UpwordsOracle<'a> {
    pub fn new(words: &'a WordSet, rules: &'a Rules, qu: Tile) -> UpwordsOracle<'a> {
        UpwordsOracle { words, rules, qu }
    }

    /// Every legal move, sorted.
    pub fn generate(&self, board: &Board, rack: &Rack) -> Vec<StackPlay> {
        let n = board.size();
        let mut out = HashSet::new();
        let dirs: &[Dir] = if board.is_empty() {
            &[Dir::Across]
        } else {
            &[Dir::Across, Dir::Down]
        };
        for &dir in dirs {
            for line in 0..n {
                for start in 0..n {
                    let at = |p: usize| match dir {
                        Dir::Across => (line, p),
                        Dir::Down => (p, line),
                    };
                    if start > 0 {
                        let (r, c) = at(start - 1);
                        if board.get(r, c) != 0 {
                            continue;
                        }
                    }
                    for end in start + 1..n {
                        if end + 1 < n {
                            let (r, c) = at(end + 1);
                            if board.get(r, c) != 0 {
                                continue;
                            }
                        }
                        let squares: Vec<(usize, usize)> = (start..=end).map(at).collect();
                        let mut rack = *rack.counts();
                        let mut tops = Vec::new();
                        let mut placed = Vec::new();
                        self.fill(
                            board,
                            dir,
                            &squares,
                            &mut rack,
                            &mut tops,
                            &mut placed,
                            &mut out,
                        );
                    }
                }
            }
        }
        let mut v: Vec<StackPlay> = out.into_iter().collect();
        v.sort();
        v
    }

    /// Gives square `tops.len()` of `squares` its top tile, every way.
    #[allow(clippy::too_many_arguments)]
    fn fill(
        &self,
        board: &Board,
        dir: Dir,
        squares: &[(usize, usize)],
        rack: &mut [u8; 64],
        tops: &mut Vec<Tile>,
        placed: &mut Vec<bool>,
        out: &mut HashSet<StackPlay>,
    ) {
        if tops.len() == squares.len() {
            if let Some(p) = self.evaluate(board, dir, squares, tops, placed) {
                out.insert(p);
            }
            return;
        }
        let (r, c) = squares[tops.len()];
        let here = board.get(r, c);
        let mut go = |tile: Tile, place: bool, rack: &mut [u8; 64], this: &Self| {
            tops.push(tile);
            placed.push(place);
            if this.words.is_prefix(tops) {
                this.fill(board, dir, squares, rack, tops, placed, out);
            }
            tops.pop();
            placed.pop();
        };
        if here != 0 {
            go(tile_of(here), false, rack, self);
        }
        if here == 0 || board.height(r, c) < self.rules.stack_limit {
            for t in 1..64u8 {
                if rack[t as usize] == 0 || (here != 0 && tile_of(here) == t) {
                    continue;
                }
                rack[t as usize] -= 1;
                go(t, true, rack, self);
                rack[t as usize] += 1;
            }
        }
    }

    /// The move giving `squares` the top tiles `tops` (`placed`: which
    /// receive one), if legal.
    fn evaluate(
        &self,
        board: &Board,
        dir: Dir,
        squares: &[(usize, usize)],
        tops: &[Tile],
        placed: &[bool],
    ) -> Option<StackPlay> {
        let n = board.size();
        let count = placed.iter().filter(|&&p| p).count();
        if count == 0 || count > self.rules.rack_size || !self.words.contains(tops) {
            return None;
        }
        // The board after the move.
        let mut after = board.clone();
        for (i, &(r, c)) in squares.iter().enumerate() {
            if placed[i] {
                after.set_stack(r, c, tops[i], board.height(r, c) + 1);
            }
        }
        let cells: Vec<(usize, usize)> = squares
            .iter()
            .zip(placed)
            .filter(|(_, &p)| p)
            .map(|(&s, _)| s)
            .collect();
        if board.is_empty() {
            // First move: across (listing), covering a start square.
            if !cells.iter().any(|&(r, c)| self.rules.layout.is_start(r, c)) {
                return None;
            }
        } else {
            // Connected: a tile placed on a tile, or next to one.
            let touches = |r: usize, c: usize| {
                let near = [(0isize, 0isize), (-1, 0), (1, 0), (0, -1), (0, 1)];
                near.iter().any(|&(dr, dc)| {
                    let (rr, cc) = (r as isize + dr, c as isize + dc);
                    rr >= 0
                        && cc >= 0
                        && (rr as usize) < n
                        && (cc as usize) < n
                        && board.get(rr as usize, cc as usize) != 0
                })
            };
            if !cells.iter().any(|&(r, c)| touches(r, c)) {
                return None;
            }
            // No word on the board wholly covered: every run of two or more
            // tiles, in rows and columns, keeps a square not placed on.
            for run in runs(board) {
                if run.iter().all(|s| cells.contains(s)) {
                    return None;
                }
            }
        }
        let mut score = self.word_score(&after, squares);
        let mut across_word = false;
        for &(r, c) in &cells {
            let cross = word_through(&after, r, c, dir.cross());
            if cross.len() >= 2 {
                let tiles: Vec<Tile> = cross
                    .iter()
                    .map(|&(r, c)| tile_of(after.get(r, c)))
                    .collect();
                if !self.words.contains(&tiles) {
                    return None;
                }
                score += self.word_score(&after, &cross);
            }
            across_word = word_through(&after, r, c, Dir::Across).len() >= 2;
        }
        // One tile is one move: across if it forms an across word.
        if count == 1 && dir == Dir::Down && across_word {
            return None;
        }
        if count == self.rules.rack_size {
            score += self.rules.bingo_bonus;
        }
        let (row, col) = squares[0];
        Some(StackPlay {
            dir,
            row,
            col,
            word: tops.to_vec(),
            placed: placed
                .iter()
                .enumerate()
                .fold(0, |m, (i, &p)| m | (p as u32) << i),
            score,
        })
    }

    /// A word's points on `board`: 2 a tile and 2 a Qu when every square
    /// is at height 1, else the sum of the heights.
    fn word_score(&self, board: &Board, squares: &[(usize, usize)]) -> i32 {
        let heights: Vec<i32> = squares
            .iter()
            .map(|&(r, c)| board.height(r, c) as i32)
            .collect();
        if heights.iter().all(|&h| h == 1) {
            let qus = squares
                .iter()
                .filter(|&&(r, c)| tile_of(board.get(r, c)) == self.qu)
                .count() as i32;
            2 * squares.len() as i32 + 2 * qus
        } else {
            heights.iter().sum()
        }
    }
}

/// The squares of the maximal run of tiles through (r, c) in direction `dir`.
pub fn word_through(board: &Board, r: usize, c: usize, dir: Dir) -> Vec<(usize, usize)> {
    let n = board.size() as isize;
    let (dr, dc) = match dir {
        Dir::Across => (0isize, 1isize),
        Dir::Down => (1, 0),
    };
    let full = |r: isize, c: isize| {
        r >= 0 && c >= 0 && r < n && c < n && board.get(r as usize, c as usize) != 0
    };
    let (mut sr, mut sc) = (r as isize, c as isize);
    while full(sr - dr, sc - dc) {
        sr -= dr;
        sc -= dc;
    }
    let mut out = Vec::new();
    while full(sr, sc) {
        out.push((sr as usize, sc as usize));
        sr += dr;
        sc += dc;
    }
    out
}

/// Every maximal run of two or more tiles on the board, in rows and columns.
pub fn runs(board: &Board) -> Vec<Vec<(usize, usize)>> {
    let n = board.size();
    let mut out = Vec::new();
    for dir in [Dir::Across, Dir::Down] {
        for line in 0..n {
            let mut run = Vec::new();
            for p in 0..=n {
                let sq = (p < n).then_some(match dir {
                    Dir::Across => (line, p),
                    Dir::Down => (p, line),
                });
                match sq {
                    Some((r, c)) if board.get(r, c) != 0 => run.push((r, c)),
                    _ => {
                        if run.len() >= 2 {
                            out.push(std::mem::take(&mut run));
                        }
                        run.clear();
                    }
                }
            }
        }
    }
    out
}
