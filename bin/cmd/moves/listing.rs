//! The placements of `lexgraph moves` put best first and written out, fast:
//! generating a position's moves takes about 0.1 ms, and sorting them with
//! whole-move comparisons and printing each through `format!` and serde
//! took four times that. Here the order is found by score buckets and
//! packed keys, and each line is written into one reused byte buffer from
//! labels spelled once per lexicon, with no allocation per move.
//!
//! The bytes are exactly those of the general path: `Move::notation` and
//! the score for text, the library's `PlayRecord` through serde_json for
//! JSON (the tests and the CLI's own checks compare them).

use lexgraph::board::{tile_of, Board, Dir, BLANK_FLAG};
use lexgraph::movegen::{column_name, Move};
use lexgraph::rules::MAX_SIZE;
use lexgraph::Alphabet;

// A move's direction and first square fit 11 bits, and its word's first
// 4 squares are in its array (`order_key`).
const _: () = assert!(4 <= MAX_SIZE && MAX_SIZE <= 32);

/// The bits of an [`order_key`] that number the move: positions with more
/// moves (none known) are put in order by comparison sort.
const INDEX_BITS: u32 = 21;

/// Scores spread wider than this (never in a real game) are put in order
/// by comparison sort instead of one bucket per score.
const MAX_SCORE_BUCKETS: i64 = 1 << 16;

/// Puts moves in the canonical order ([`Move::canonical_cmp`]) without
/// moving them, reusing its buffers from one position to the next.
///
/// A position has a few hundred to a few hundred thousand moves and a few
/// dozen to a few hundred scores: a counting sort puts them in order by
/// score in linear time, and the moves of each score are sorted as
/// numbers (`order_key`), which leaves only the few ties (2 % of moves) to
/// compare as moves.
#[derive(Default)]
pub struct Ranking {
    /// Per score, highest first: how many moves have it, then where its
    /// next key goes.
    counts: Vec<u32>,
    /// The moves' keys, by score.
    keys: Vec<u64>,
    /// Indices of the best moves, best first.
    order: Vec<u32>,
}

impl Ranking {
    /// Finds the `top` best of `moves` (all of them when there are fewer),
    /// best first: see [`Ranking::order`]. Ties are broken exactly as
    /// [`Move::canonical_cmp`] breaks them.
    pub fn rank(&mut self, moves: &[Move], top: usize) {
        self.order.clear();
        let want = top.min(moves.len());
        if want == 0 {
            return;
        }
        let (lo, hi) = moves.iter().fold((i64::MAX, i64::MIN), |(lo, hi), m| {
            (lo.min(m.score as i64), hi.max(m.score as i64))
        });
        if hi - lo >= MAX_SCORE_BUCKETS || moves.len() >= 1 << INDEX_BITS {
            return self.rank_by_comparison(moves, want);
        }
        self.bucket_by_score(moves, hi, (hi - lo + 1) as usize);
        // Score by score, until `want` are in order.
        let mut start = 0;
        for &end in &self.counts {
            let keys = &mut self.keys[start..end as usize];
            keys.sort_unstable();
            break_ties(keys, moves);
            self.order.extend(keys.iter().map(|&k| key_index(k)));
            start = end as usize;
            if start >= want {
                break;
            }
        }
        self.order.truncate(want);
    }

    /// The moves found by the last [`Ranking::rank`]: indices into its
    /// `moves`, best first.
    pub fn order(&self) -> &[u32] {
        &self.order
    }

    /// Counting sort of the moves' keys into `keys` by score, highest first
    /// (`spread` scores from `hi` down); afterwards `counts[s]` is where
    /// the keys of score `hi - s` end.
    fn bucket_by_score(&mut self, moves: &[Move], hi: i64, spread: usize) {
        let bucket = |m: &Move| (hi - m.score as i64) as usize;
        self.counts.clear();
        self.counts.resize(spread, 0);
        for m in moves {
            self.counts[bucket(m)] += 1;
        }
        let mut next = 0;
        for c in &mut self.counts {
            (*c, next) = (next, next + *c);
        }
        self.keys.clear();
        self.keys.resize(moves.len(), 0);
        for (i, m) in moves.iter().enumerate() {
            let at = &mut self.counts[bucket(m)];
            self.keys[*at as usize] = order_key(m, i as u32);
            *at += 1;
        }
    }

    /// The general case: the `want` best by [`Move::canonical_cmp`].
    fn rank_by_comparison(&mut self, moves: &[Move], want: usize) {
        self.order.clear();
        let cmp = |a: &u32, b: &u32| moves[*a as usize].canonical_cmp(&moves[*b as usize]);
        self.order.extend((0..moves.len()).map(|i| i as u32));
        if want < self.order.len() {
            self.order.select_nth_unstable_by(want, cmp);
            self.order.truncate(want);
        }
        self.order.sort_unstable_by(cmp);
    }
}

/// A number that orders moves of one score as [`Move::canonical_cmp`]
/// does, but for ties: direction (1 bit), row and column (5 bits each),
/// the word's first 4 squares (32 bits, the first the highest; squares
/// past the word, which may hold anything, as 0: no square is 0, so a word
/// sorts before the longer words it begins), then the move's index
/// ([`INDEX_BITS`]), which only tells the moves apart.
fn order_key(m: &Move, index: u32) -> u64 {
    let dir = match m.dir {
        Dir::Across => 0,
        Dir::Down => 1,
    };
    let square = dir << 10 | (m.row as u64) << 5 | m.col as u64;
    let head = u32::from_be_bytes(m.word[..4].try_into().expect("4 squares"));
    let head = match m.len {
        4.. => head,
        len => head & !(u32::MAX >> (8 * len as u32)),
    };
    square << (32 + INDEX_BITS) | (head as u64) << INDEX_BITS | index as u64
}

/// The index of the move an [`order_key`] is for.
fn key_index(key: u64) -> u32 {
    (key & ((1 << INDEX_BITS) - 1)) as u32
}

/// Puts keys that tie but for the index (the same score, square and first
/// 4 squares) in the order of their moves.
fn break_ties(keys: &mut [u64], moves: &[Move]) {
    let tie = |a: u64, b: u64| a >> INDEX_BITS == b >> INDEX_BITS;
    if !keys.windows(2).any(|w| tie(w[0], w[1])) {
        return;
    }
    let by_move = |a: &u64, b: &u64| {
        moves[key_index(*a) as usize].canonical_cmp(&moves[key_index(*b) as usize])
    };
    let mut start = 0;
    while start < keys.len() {
        let first = keys[start];
        let len = keys[start..].iter().take_while(|&&k| tie(k, first)).count();
        keys[start..start + len].sort_unstable_by(by_move);
        start += len;
    }
}

/// How a lexicon's squares are written: each square's label (lower case
/// for a blank, multi-letter tiles in brackets, as `Alphabet::label`), as
/// text and escaped for a JSON string, and the lexicon's JSON label.
pub struct Spelling {
    text: Labels,
    json: Labels,
    /// The lexicon's label as a JSON string, quotes included.
    lexicon_json: Vec<u8>,
}

impl Spelling {
    pub fn new(alphabet: &Alphabet, lexicon_label: &str) -> Spelling {
        let label = |sq: usize| {
            let sq = sq as u8;
            let t = tile_of(sq);
            // Tiles 0 (the blank) to `len` are the alphabet's.
            (t as usize <= alphabet.len()).then(|| alphabet.label(t, sq & BLANK_FLAG != 0))
        };
        let labels: Vec<Option<String>> = (0..256).map(label).collect();
        // Escaped as serde_json escapes, without the quotes.
        let json = |s: &String| {
            let quoted = json_string(s);
            quoted[1..quoted.len() - 1].to_vec()
        };
        Spelling {
            text: Labels::new(
                labels
                    .iter()
                    .map(|l| l.as_ref().map(|s| s.as_bytes().to_vec())),
            ),
            json: Labels::new(labels.iter().map(|l| l.as_ref().map(json))),
            lexicon_json: json_string(lexicon_label),
        }
    }
}

/// Labels by square byte (tile, with [`BLANK_FLAG`] for a blank).
struct Labels {
    /// Each square's label; `None` for a tile the alphabet does not have.
    each: Vec<Option<Box<[u8]>>>,
    /// The same, when every label is one byte (as in English), 0 for a
    /// tile the alphabet does not have: copied a byte at a time rather
    /// than by a call to copy a slice.
    bytes: Option<Box<[u8; 256]>>,
}

impl Labels {
    /// From the labels of squares 0 to 255.
    fn new(labels: impl Iterator<Item = Option<Vec<u8>>>) -> Labels {
        let each: Vec<Option<Box<[u8]>>> = labels.map(|l| l.map(Vec::into_boxed_slice)).collect();
        assert_eq!(each.len(), 256, "a label for each square byte");
        let one_byte = each.iter().flatten().all(|l| l.len() == 1 && l[0] != 0);
        let bytes = one_byte.then(|| {
            let mut bytes = Box::new([0; 256]);
            for (b, l) in bytes.iter_mut().zip(&each) {
                *b = l.as_ref().map_or(0, |l| l[0]);
            }
            bytes
        });
        Labels { each, bytes }
    }

    /// Writes the label of square `sq`.
    #[inline]
    fn push(&self, out: &mut Vec<u8>, sq: u8) {
        match &self.bytes {
            Some(bytes) => match bytes[sq as usize] {
                0 => unknown(sq),
                b => out.push(b),
            },
            None => match &self.each[sq as usize] {
                Some(label) => out.extend_from_slice(label),
                None => unknown(sq),
            },
        }
    }

    /// Writes the labels of `squares`.
    #[inline]
    fn push_all(&self, out: &mut Vec<u8>, squares: &[u8]) {
        match &self.bytes {
            Some(bytes) => {
                let mut unlabelled = false;
                out.extend(squares.iter().map(|&sq| {
                    let b = bytes[sq as usize];
                    unlabelled |= b == 0;
                    b
                }));
                if unlabelled {
                    unknown_in(squares, bytes);
                }
            }
            None => {
                for &sq in squares {
                    self.push(out, sq);
                }
            }
        }
    }
}

/// Fails on the square of `squares` that `bytes` has no label for.
#[cold]
fn unknown_in(squares: &[u8], bytes: &[u8; 256]) -> ! {
    let sq = squares.iter().find(|&&sq| bytes[sq as usize] == 0);
    unknown(*sq.expect("a square without a label"))
}

/// Moves are made of the alphabet's tiles (positions are checked against
/// it); the general path would fail here too, in `Alphabet::label`.
#[cold]
fn unknown(sq: u8) -> ! {
    panic!("square {sq:#x}: a tile the lexicon's alphabet does not have")
}

/// `s` as serde_json writes a string: quoted, escaped.
fn json_string(s: &str) -> Vec<u8> {
    serde_json::to_vec(s).expect("a string serializes")
}

/// `8D QUIRE 30`: what `Move::notation` and the score give.
pub fn write_text(out: &mut Vec<u8>, m: &Move, sp: &Spelling) {
    match (&sp.text.bytes, usize::try_from(m.score)) {
        (Some(bytes), Ok(score @ 0..1000)) => write_text_line(out, m, bytes, score),
        _ => {
            push_coordinates(out, m);
            sp.text.push_all(out, m.word());
            out.push(b' ');
            push_int(out, m.score as i64);
            out.push(b'\n');
        }
    }
}

/// [`write_text`] when every label is one byte and the score has three
/// digits at most (all but never): the line is put together in an array
/// and copied whole, and the copy's slack cut off (a copy of a fixed size
/// is a few stores; one of any size is a call).
fn write_text_line(out: &mut Vec<u8>, m: &Move, bytes: &[u8; 256], score: usize) {
    // Coordinates and a space (8 at most), word (MAX_SIZE), a space, the
    // score and a newline: 44 bytes at most.
    let mut line = [0u8; 64];
    let (coordinates, mut n) = coordinates(m);
    line[..coordinates.len()].copy_from_slice(coordinates);
    let word = m.word();
    let mut unlabelled = false;
    for (b, &sq) in line[n..n + word.len()].iter_mut().zip(word) {
        *b = bytes[sq as usize];
        unlabelled |= *b == 0;
    }
    if unlabelled {
        unknown_in(word, bytes);
    }
    n += word.len();
    line[n] = b' ';
    n += 1;
    let (digits, len) = SMALL_NUMBERS[score];
    line[n..n + digits.len()].copy_from_slice(&digits);
    n += len as usize;
    line[n] = b'\n';
    n += 1;
    out.extend_from_slice(&line);
    out.truncate(out.len() - (line.len() - n));
}

/// The JSON lines of a position's placements: what serde_json writes for
/// the CLI's `JsonMove` of `PlayRecord::new(&Listed::unranked(Play::Place(m)))`.
pub struct JsonLines<'a> {
    /// What every line starts with, up to the row:
    /// `{"position":K,"lexicon":"…","type":"place","row":`.
    head: Vec<u8>,
    /// The board before the play (for the cross words).
    board: &'a Board,
    /// How far the cross words through each square reach: for across
    /// moves, down its column; for down moves, along its row.
    reach_in_column: Reach,
    reach_in_row: Reach,
    fields: &'a SquareFields,
    sp: &'a Spelling,
}

impl<'a> JsonLines<'a> {
    /// The lines of position `position` (`None` outside a batch), with
    /// `fields` for its board's size.
    pub fn new(
        position: Option<usize>,
        board: &'a Board,
        fields: &'a SquareFields,
        sp: &'a Spelling,
    ) -> JsonLines<'a> {
        assert_eq!(fields.size, board.size(), "fields for the board's size");
        let mut head = b"{".to_vec();
        if let Some(k) = position {
            head.extend_from_slice(b"\"position\":");
            push_int(&mut head, k as i64);
            head.push(b',');
        }
        head.extend_from_slice(b"\"lexicon\":");
        head.extend_from_slice(&sp.lexicon_json);
        head.extend_from_slice(b",\"type\":\"place\",\"row\":");
        JsonLines {
            head,
            board,
            reach_in_column: Reach::new(board, Dir::Down),
            reach_in_row: Reach::new(board, Dir::Across),
            fields,
            sp,
        }
    }

    /// The line of `m`.
    pub fn write(&self, out: &mut Vec<u8>, m: &Move) {
        let sp = self.sp;
        out.extend_from_slice(&self.head);
        self.fields
            .start(m.dir, m.row as usize, m.col as usize)
            .push(out);
        let word = out.len();
        sp.json.push_all(out, m.word());
        let word = word..out.len();
        out.extend_from_slice(b"\",\"word\":\"");
        out.extend_from_within(word);
        out.extend_from_slice(b"\",\"tiles\":[");
        self.push_tiles(out, m);
        out.extend_from_slice(b"],\"cross_words\":[");
        self.push_cross_words(out, m);
        out.extend_from_slice(b"],\"score\":");
        push_int(out, m.score as i64);
        out.extend_from_slice(b"}\n");
    }

    /// `TileRecord::of_move`: the placed tiles in word order.
    fn push_tiles(&self, out: &mut Vec<u8>, m: &Move) {
        for (n, (row, col, sq)) in m.placements().enumerate() {
            if n > 0 {
                out.push(b',');
            }
            self.fields.tile(row, col).push(out);
            self.sp.json.push(out, sq);
            out.extend_from_slice(match sq & BLANK_FLAG != 0 {
                true => b"\",\"blank\":true}",
                false => b"\",\"blank\":false}",
            });
        }
    }

    /// `WordRecord::cross_words_of`: the words of `movegen::cross_words`
    /// (the perpendicular words of two tiles or more through each tile
    /// placed), each from its first square.
    fn push_cross_words(&self, out: &mut Vec<u8>, m: &Move) {
        let (reach, cross) = match m.dir {
            Dir::Across => (&self.reach_in_column, Dir::Down),
            Dir::Down => (&self.reach_in_row, Dir::Across),
        };
        let mut first = true;
        for (r, c, sq) in m.placements() {
            let (before, after) = reach.at(r, c);
            if before + after == 0 {
                continue;
            }
            // The word's i-th square, from its first.
            let square = |i: usize| match cross {
                Dir::Down => (r + i - before, c),
                Dir::Across => (r, c + i - before),
            };
            if !first {
                out.push(b',');
            }
            first = false;
            let (sr, sc) = square(0);
            self.fields.cross(cross, sr, sc).push(out);
            for i in 0..before + 1 + after {
                let s = match i == before {
                    true => sq,
                    false => {
                        let (r, c) = square(i);
                        self.board.get(r, c)
                    }
                };
                self.sp.json.push(out, s);
            }
            out.extend_from_slice(b"\"}");
        }
    }
}

/// For each square of a board, how many tiles lie next to it in a line in
/// one direction: without a gap before it, and after it. A tile placed
/// there forms a word of them all (when there are any).
struct Reach {
    size: usize,
    /// (before, after), row-major.
    tiles: Vec<(usize, usize)>,
}

impl Reach {
    /// Along rows (`Dir::Across`) or columns (`Dir::Down`).
    fn new(board: &Board, dir: Dir) -> Reach {
        let n = board.size();
        let mut tiles = vec![(0, 0); n * n];
        for line in 0..n {
            let square = |i: usize| match dir {
                Dir::Across => (line, i),
                Dir::Down => (i, line),
            };
            let mut run = 0;
            for i in 0..n {
                let (r, c) = square(i);
                tiles[r * n + c].0 = run;
                run = if board.get(r, c) != 0 { run + 1 } else { 0 };
            }
            run = 0;
            for i in (0..n).rev() {
                let (r, c) = square(i);
                tiles[r * n + c].1 = run;
                run = if board.get(r, c) != 0 { run + 1 } else { 0 };
            }
        }
        Reach { size: n, tiles }
    }

    /// The tiles before and after square (`r`, `c`).
    fn at(&self, r: usize, c: usize) -> (usize, usize) {
        self.tiles[r * self.size + c]
    }
}

/// The fields of JSON lines that name a square, for each square of a board
/// of one size, written by copying rather than number by number.
pub struct SquareFields {
    size: usize,
    /// `R,"col":C,"dir":"across","notation":"8D `: an across move from
    /// the square (what follows `"row":`), and a down move.
    start: [Vec<Field>; 2],
    /// `{"row":R,"col":C,"letter":"`: a tile placed there.
    tile: Vec<Field>,
    /// `{"row":R,"col":C,"dir":"across","word":"`: a cross word from
    /// there, across, and down.
    cross: [Vec<Field>; 2],
}

impl SquareFields {
    pub fn new(size: usize) -> SquareFields {
        let squares = || (0..size * size).map(|i| (i / size, i % size));
        let start = |dir: Dir| {
            squares()
                .map(|(r, c)| {
                    let coordinates = match dir {
                        Dir::Across => format!("{}{}", r + 1, column_name(c)),
                        Dir::Down => format!("{}{}", column_name(c), r + 1),
                    };
                    let dir = dir.name();
                    Field::new(&format!(
                        "{r},\"col\":{c},\"dir\":\"{dir}\",\"notation\":\"{coordinates} "
                    ))
                })
                .collect()
        };
        let cross = |dir: Dir| {
            let dir = dir.name();
            squares()
                .map(|(r, c)| {
                    Field::new(&format!(
                        "{{\"row\":{r},\"col\":{c},\"dir\":\"{dir}\",\"word\":\""
                    ))
                })
                .collect()
        };
        SquareFields {
            size,
            start: [start(Dir::Across), start(Dir::Down)],
            tile: squares()
                .map(|(r, c)| Field::new(&format!("{{\"row\":{r},\"col\":{c},\"letter\":\"")))
                .collect(),
            cross: [cross(Dir::Across), cross(Dir::Down)],
        }
    }

    /// The size of the board.
    pub fn size(&self) -> usize {
        self.size
    }

    fn start(&self, dir: Dir, r: usize, c: usize) -> &Field {
        &self.start[dir_index(dir)][r * self.size + c]
    }

    fn tile(&self, r: usize, c: usize) -> &Field {
        &self.tile[r * self.size + c]
    }

    fn cross(&self, dir: Dir, r: usize, c: usize) -> &Field {
        &self.cross[dir_index(dir)][r * self.size + c]
    }
}

fn dir_index(dir: Dir) -> usize {
    match dir {
        Dir::Across => 0,
        Dir::Down => 1,
    }
}

/// A short text, written by copying a fixed size and cutting the slack
/// off (a copy of a fixed size is a few stores; one of any size, a call).
#[derive(Clone, Copy)]
struct Field {
    bytes: [u8; FIELD],
    len: u8,
}

/// The longest [`Field`]: `30,"col":30,"dir":"across","notation":"AE31 `
/// has 44 bytes.
const FIELD: usize = 48;

impl Field {
    fn new(text: &str) -> Field {
        let mut bytes = [0; FIELD];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Field {
            bytes,
            len: text.len() as u8,
        }
    }

    #[inline]
    fn push(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.bytes);
        out.truncate(out.len() - (FIELD - self.len as usize));
    }
}

/// `Move::coordinates` and a space: `8D ` (row first) across, `D8 ` down.
fn push_coordinates(out: &mut Vec<u8>, m: &Move) {
    let (text, len) = coordinates(m);
    // A copy of a fixed size, then the slack cut off.
    out.extend_from_slice(text);
    out.truncate(out.len() - (text.len() - len));
}

/// `Move::coordinates` and a space: the first `len` bytes of the array.
fn coordinates(m: &Move) -> (&'static [u8; 8], usize) {
    let (text, len) = &COORDINATES[dir_index(m.dir)][(m.row as usize) << 5 | m.col as usize];
    (text, *len as usize)
}

/// `Move::coordinates` and a space, by direction ([`dir_index`]) and
/// square (row times 32 plus column): the first `len` bytes.
static COORDINATES: [[([u8; 8], u8); 1024]; 2] = coordinates_table();

const fn coordinates_table() -> [[([u8; 8], u8); 1024]; 2] {
    let mut table = [[([0u8; 8], 0u8); 1024]; 2];
    let mut square = 0;
    while square < 1024 {
        let (row, col) = (square >> 5, square & 31);
        // Rows 1 to 32, columns A to Z, then AA to AF (`column_name`).
        let (number, digits) = match row + 1 {
            n @ 0..10 => ([b'0' + n as u8, 0], 1),
            n => ([b'0' + (n / 10) as u8, b'0' + (n % 10) as u8], 2),
        };
        let (letters, letter_count) = match col {
            0..26 => ([b'A' + col as u8, 0], 1),
            _ => ([b'A' + (col / 26 - 1) as u8, b'A' + (col % 26) as u8], 2),
        };
        let mut across = [b' '; 8];
        let mut down = [b' '; 8];
        let mut i = 0;
        while i < 2 {
            if i < digits {
                across[i] = number[i];
                down[letter_count + i] = number[i];
            }
            if i < letter_count {
                across[digits + i] = letters[i];
                down[i] = letters[i];
            }
            i += 1;
        }
        let len = (digits + letter_count + 1) as u8;
        table[0][square] = (across, len);
        table[1][square] = (down, len);
        square += 1;
    }
    table
}

/// `n` in decimal, as `Display` writes it.
#[inline]
pub fn push_int(out: &mut Vec<u8>, n: i64) {
    match usize::try_from(n) {
        Ok(small @ 0..1000) => {
            // A copy of a fixed size, then the slack cut off.
            let (digits, len) = SMALL_NUMBERS[small];
            out.extend_from_slice(&digits);
            out.truncate(out.len() - (digits.len() - len as usize));
        }
        // As rare as numbers of 4 digits and negative ones are here.
        _ => out.extend_from_slice(n.to_string().as_bytes()),
    }
}

/// The digits of 0 to 999 (the first `len` of the array).
const SMALL_NUMBERS: [([u8; 3], u8); 1000] = small_numbers();

const fn small_numbers() -> [([u8; 3], u8); 1000] {
    let mut table = [([0u8; 3], 0u8); 1000];
    let mut n = 0;
    while n < 1000 {
        let d = [
            b'0' + (n / 100) as u8,
            b'0' + (n / 10 % 10) as u8,
            b'0' + (n % 10) as u8,
        ];
        table[n] = match n {
            0..10 => ([d[2], 0, 0], 1),
            10..100 => ([d[1], d[2], 0], 2),
            _ => (d, 3),
        };
        n += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_are_written_as_display_writes_them() {
        let samples = [1000, 12345, -1, -10, -999, i64::MIN, i64::MAX];
        for n in (0..1000).chain(samples) {
            let mut out = b"x".to_vec();
            push_int(&mut out, n);
            assert_eq!(out, format!("x{n}").into_bytes());
        }
    }

    #[test]
    fn coordinates_are_written_as_the_library_writes_them() {
        for dir in [Dir::Across, Dir::Down] {
            for (row, col) in (0..32).flat_map(|r| (0..32).map(move |c| (r, c))) {
                let m = Move {
                    dir,
                    row,
                    col,
                    len: 0,
                    word: [0; MAX_SIZE],
                    placed: 0,
                    score: 0,
                };
                let mut out = b"x".to_vec();
                push_coordinates(&mut out, &m);
                assert_eq!(out, format!("x{} ", m.coordinates()).into_bytes());
            }
        }
    }

    #[test]
    fn ranking_is_the_canonical_order() {
        let a = Alphabet::english();
        let mv = |dir, row, col, word: &[u8], placed, score| {
            // Squares past the word are not the word's: junk, to be ignored.
            let mut w = [0x55u8; MAX_SIZE];
            w[..word.len()].copy_from_slice(word);
            Move {
                dir,
                row,
                col,
                len: word.len() as u8,
                word: w,
                placed,
                score,
            }
        };
        let b = BLANK_FLAG;
        let moves = vec![
            mv(Dir::Down, 3, 4, &[1, 2, 3], 0b111, 10),
            mv(Dir::Across, 3, 4, &[1, 2, 3, 4, 5, 6, 7, 8], 0xff, 10),
            mv(Dir::Across, 3, 4, &[1, 2, 3, 4, 5, 6, 7, 8 | b], 0xff, 10),
            mv(Dir::Across, 3, 4, &[1, 2, 3, 4, 5, 6, 7], 0x7f, 10),
            mv(Dir::Across, 3, 4, &[1, 2, 3, 4, 5, 6, 7], 0x7e, 10),
            mv(Dir::Across, 3, 4, &[1, 2], 0b11, 10),
            mv(Dir::Across, 3, 3, &[1 | b, 2], 0b11, 10),
            mv(Dir::Across, 2, 9, &[5, 2], 0b11, 10),
            mv(Dir::Across, 0, 0, &[5, 2], 0b11, 3),
            mv(Dir::Across, 0, 0, &[5, 2], 0b11, 50),
            mv(Dir::Across, 0, 0, &[5, 2], 0b11, -4),
        ];
        let mut want: Vec<u32> = (0..moves.len() as u32).collect();
        want.sort_by(|x, y| moves[*x as usize].canonical_cmp(&moves[*y as usize]));
        let mut r = Ranking::default();
        for top in 0..=moves.len() + 1 {
            r.rank(&moves, top);
            assert_eq!(r.order(), &want[..top.min(moves.len())], "top {top}");
            r.rank_by_comparison(&moves, top.min(moves.len()));
            assert_eq!(r.order(), &want[..top.min(moves.len())], "top {top}");
        }
        let sp = Spelling::new(&a, "x\"y");
        let mut out = Vec::new();
        write_text(&mut out, &moves[6], &sp);
        assert_eq!(out, b"4D aB 10\n");
        assert_eq!(sp.lexicon_json, b"\"x\\\"y\"");
    }

    /// Many moves that share scores, squares and beginnings of words.
    #[test]
    fn ranking_breaks_ties_as_the_canonical_order() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: u64| {
            // xorshift64
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let moves: Vec<Move> = (0..5000)
            .map(|_| {
                let len = 1 + next(12) as usize;
                let mut word = [next(256) as u8; MAX_SIZE];
                for sq in &mut word[..len] {
                    *sq = (1 + next(2) as u8) | if next(8) == 0 { BLANK_FLAG } else { 0 };
                }
                Move {
                    dir: if next(2) == 0 { Dir::Across } else { Dir::Down },
                    row: next(3) as u8,
                    col: next(3) as u8,
                    len: len as u8,
                    word,
                    placed: next(4) as u32,
                    score: next(20) as i32 - 2,
                }
            })
            .collect();
        let mut want = moves.clone();
        want.sort_by(Move::canonical_cmp);
        let mut r = Ranking::default();
        for top in [0, 1, 7, 100, 2500, 4999, 5000, usize::MAX] {
            r.rank(&moves, top);
            let got: Vec<Move> = r.order().iter().map(|&i| moves[i as usize]).collect();
            assert_eq!(got, want[..top.min(want.len())], "top {top}");
        }
    }

    /// Every move of some positions (cross words, blanks, tiles of two
    /// letters, the board's edges), written as the general path writes it.
    #[test]
    fn lines_are_those_of_the_general_path() {
        use crate::cmd::moves::JsonMove;
        use lexgraph::equity::{Listed, Play, PlayRecord};
        use lexgraph::{compile, Generator, Invalid, Lexicon, Options, Position, WordList};
        let english = "qi qis quire quires za zas as is ai ais taxi taxis ex exit exits quit";
        let (ten, seven) = ("21/".repeat(10), "21/".repeat(7));
        let super_board = format!("{ten}8QUIRE8/20X/20I/{seven}17TAXI AISTZ??/ 0/0 0");
        let cases = [
            (
                "english",
                english,
                "15/15/15/15/15/15/15/4QUIRE6/14X/14I/15/15/15/15/11TAXI AISTZ??/ 0/0 0",
                15,
            ),
            ("english", english, &super_board, 21),
            (
                "spanish",
                "chacha chal llama barro ca ala chala llamar ñame caña",
                "15/15/15/15/15/15/15/4[CH]A[CH]A7/15/15/15/15/15/15/15 [LL]AMR?Ñ[CH]/ 0/0 0",
                15,
            ),
        ];
        for (alphabet, words, cgp, size) in cases {
            let a = Alphabet::builtin(alphabet).unwrap();
            let words = words.replace(' ', "\n");
            let list = WordList::parse(words.as_bytes(), "inline", &a, Invalid::Refuse).unwrap();
            let gaddag = Lexicon::from_vec(compile::compile(&list).gaddag).unwrap();
            let p = Position::parse_cgp(cgp, &a, size).unwrap();
            let mut gen = Generator::new(p.rules().unwrap());
            let moves = gen.generate_vec(&gaddag, &p.board, p.rack(), &Options::default());
            assert!(moves.len() > 50, "{alphabet}: {} moves", moves.len());
            let label = "lex/\"é\\\u{1}.gaddag";
            let sp = Spelling::new(&a, label);
            let fields = SquareFields::new(size);
            for position in [None, Some(0), Some(12345)] {
                let json = JsonLines::new(position, &p.board, &fields, &sp);
                for m in &moves {
                    let mut text = Vec::new();
                    write_text(&mut text, m, &sp);
                    let want = format!("{} {}\n", m.notation(&a), m.score);
                    assert_eq!(String::from_utf8(text).unwrap(), want);
                    let mut line = Vec::new();
                    json.write(&mut line, m);
                    let listed = Listed::unranked(Play::Place(*m));
                    let record = JsonMove {
                        position,
                        lexicon: label,
                        play: PlayRecord::new(&listed, &p.board, &a),
                    };
                    let want = serde_json::to_string(&record).unwrap() + "\n";
                    assert_eq!(String::from_utf8(line).unwrap(), want);
                }
            }
        }
    }
}
