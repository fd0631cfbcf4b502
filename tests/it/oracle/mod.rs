//! An independent brute-force move generator and a random position maker,
//! for testing `lexgraph::movegen`.
//!
//! Nothing here uses `src/movegen` or `src/crosscheck` to decide what is a
//! legal move or what it scores: lexgraph's `Board`, `Rack`, `Rules`,
//! `Alphabet` and `Move` are used for input and output only, and words are
//! looked up in a plain `HashSet<Vec<Tile>>` built from the word list.
//! (The position maker does use the real generator, only to make varied
//! mid-game boards by self-play.)
//!
//! The brute force tries, for each direction, each line and each start
//! square, every way of filling the empty squares of every span with rack
//! tiles (each blank as each letter). A candidate is kept when [`Oracle::evaluate`]
//! accepts it; that one function holds every rule:
//!
//! * the squares just before and after the main word are empty or off-board;
//! * at least one tile is placed, and only on empty squares;
//! * on an empty board the word covers the start square (and is across unless
//!   `opening_both`); otherwise some placed tile touches a tile already on
//!   the board (orthogonally; a tile inside the span counts as touching);
//! * the main word and every perpendicular word of two or more tiles through a
//!   placed tile are in the word list; no word of one tile is ever formed;
//! * a single placed tile is listed once: across if it makes an across word
//!   of two or more tiles, else down;
//! * score: per word, the letters (blank 0) times the letter premium of newly
//!   covered squares, times the word premiums of newly covered squares; plus
//!   the bingo bonus when exactly `rules.rack_size` tiles are placed.
//!
//! The enumeration only prunes in ways that cannot lose a move: the main word
//! must stay a prefix of some word, a placed tile must make its perpendicular
//! word a word, and an unconnected span must still be able to reach a square
//! touching the board with the tiles left.
#![allow(dead_code)]

use lexgraph::Invalid;
use std::collections::HashSet;

use lexgraph::board::{tile_of, Board, BLANK_FLAG};
use lexgraph::compile;
use lexgraph::movegen::{Dir, Generator, Move, Options};
use lexgraph::rack::Rack;
use lexgraph::rules::Rules;
use lexgraph::{Alphabet, Lexicon, Tile, WordList};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;

/// A word list compiled both ways, with the oracle's own word set.
pub struct Lex {
    pub words: WordList,
    pub set: WordSet,
    pub dawg: Lexicon,
    pub gaddag: Lexicon,
}

impl Lex {
    pub fn new(words: WordList) -> Lex {
        let files = compile::compile(&words);
        Lex {
            set: WordSet::from_list(&words),
            dawg: Lexicon::from_vec(files.dawg).expect("dawg loads"),
            gaddag: Lexicon::from_vec(files.gaddag).expect("gaddag loads"),
            words,
        }
    }

    /// Compiles words given as text (one per line).
    pub fn from_text(text: &str, alphabet: &Alphabet) -> Lex {
        Lex::new(
            WordList::parse(text.as_bytes(), "test", alphabet, Invalid::Refuse).expect("word list"),
        )
    }

    pub fn alphabet(&self) -> &Alphabet {
        self.words.alphabet()
    }
}

// ---------------------------------------------------------------------------
// Words

/// Words and their prefixes, as plain tile sequences.
pub struct WordSet {
    words: HashSet<Vec<Tile>>,
    prefixes: HashSet<Vec<Tile>>,
}

impl WordSet {
    pub fn new<'w>(words: impl IntoIterator<Item = &'w [Tile]>) -> WordSet {
        let mut set = WordSet {
            words: HashSet::new(),
            prefixes: HashSet::new(),
        };
        for w in words {
            set.words.insert(w.to_vec());
            for i in 1..=w.len() {
                if !set.prefixes.contains(&w[..i]) {
                    set.prefixes.insert(w[..i].to_vec());
                }
            }
        }
        set
    }

    pub fn from_list(list: &WordList) -> WordSet {
        WordSet::new(list.iter())
    }

    pub fn contains(&self, w: &[Tile]) -> bool {
        self.words.contains(w)
    }

    pub fn is_prefix(&self, p: &[Tile]) -> bool {
        self.prefixes.contains(p)
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }
}

// ---------------------------------------------------------------------------
// Moves as the oracle sees them

/// A placement: the whole main word from its first square.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Play {
    pub dir: Dir,
    pub row: usize,
    pub col: usize,
    /// Squares of the main word: tile, with `BLANK_FLAG` for blanks.
    pub word: Vec<u8>,
    pub score: i32,
}

impl Play {
    pub fn from_move(m: &Move) -> Play {
        Play {
            dir: m.dir,
            row: m.row as usize,
            col: m.col as usize,
            word: m.word().to_vec(),
            score: m.score,
        }
    }

    /// `DIR ROW COL WORD SCORE`, WORD with blanks in lower case: the same text
    /// `Move::word_text` gives, so lines from both sides compare.
    pub fn line(&self, a: &Alphabet) -> String {
        let dir = match self.dir {
            Dir::Across => "across",
            Dir::Down => "down",
        };
        format!(
            "{dir} {} {} {} {}",
            self.row,
            self.col,
            word_text(a, &self.word),
            self.score
        )
    }
}

/// A word's squares as text, labels concatenated, blanks in lower case.
/// As the reference move lists write words: blanks in lower case, a
/// multi-character tile in brackets (`[CH]`, `[ch]`).
pub fn word_text(a: &Alphabet, squares: &[u8]) -> String {
    squares
        .iter()
        .map(|&sq| {
            let l = &a.tile(tile_of(sq)).label;
            let l = if sq & BLANK_FLAG != 0 {
                l.to_lowercase()
            } else {
                l.clone()
            };
            if l.chars().count() > 1 {
                format!("[{l}]")
            } else {
                l
            }
        })
        .collect()
}

/// The line a generator's move gives, as `movegen_reference` writes it.
pub fn move_line(m: &Move, a: &Alphabet) -> String {
    let dir = match m.dir {
        Dir::Across => "across",
        Dir::Down => "down",
    };
    format!("{dir} {} {} {} {}", m.row, m.col, m.word_text(a), m.score)
}

fn step(dir: Dir) -> (usize, usize) {
    match dir {
        Dir::Across => (0, 1),
        Dir::Down => (1, 0),
    }
}

fn tile_value(a: &Alphabet, sq: u8) -> i32 {
    if sq & BLANK_FLAG != 0 {
        0
    } else {
        a.score(tile_of(sq)) as i32
    }
}

// ---------------------------------------------------------------------------
// The oracle

pub struct Oracle<'a> {
    pub words: &'a WordSet,
    pub alphabet: &'a Alphabet,
    pub rules: &'a Rules,
    /// List down moves on an empty board too.
    pub opening_both: bool,
}

impl<'a> Oracle<'a> {
    pub fn new(words: &'a WordSet, alphabet: &'a Alphabet, rules: &'a Rules) -> Oracle<'a> {
        Oracle {
            words,
            alphabet,
            rules,
            opening_both: false,
        }
    }

    /// Whether placing `word` from (`row`, `col`) in `dir` is a legal move to
    /// list, and its score. Does not look at any rack.
    pub fn evaluate(
        &self,
        board: &Board,
        dir: Dir,
        row: usize,
        col: usize,
        word: &[u8],
    ) -> Result<i32, String> {
        let n = board.size();
        let a = self.alphabet;
        let layout = &self.rules.layout;
        let (dr, dc) = step(dir);
        let len = word.len();
        if len < 2 {
            return Err(format!("main word of {len} tile(s)"));
        }
        if row + dr * (len - 1) >= n || col + dc * (len - 1) >= n {
            return Err("main word runs off the board".into());
        }
        let occupied = |r: isize, c: isize| {
            r >= 0
                && c >= 0
                && (r as usize) < n
                && (c as usize) < n
                && board.get(r as usize, c as usize) != 0
        };
        let (r0, c0) = (row as isize, col as isize);
        if occupied(r0 - dr as isize, c0 - dc as isize) {
            return Err("the square before the word holds a tile".into());
        }
        if occupied(r0 + (dr * len) as isize, c0 + (dc * len) as isize) {
            return Err("the square after the word holds a tile".into());
        }
        let mut placed = Vec::new();
        for (i, &w) in word.iter().enumerate() {
            let t = tile_of(w);
            if t == 0 || t as usize > a.len() {
                return Err(format!("square {i} holds no tile of the alphabet: {w:#x}"));
            }
            let (r, c) = (row + dr * i, col + dc * i);
            match board.get(r, c) {
                0 => placed.push(i),
                sq if sq == w => {}
                sq => {
                    return Err(format!(
                        "square ({r},{c}) holds {sq:#x}, the word has {w:#x}"
                    ))
                }
            }
        }
        if placed.is_empty() {
            return Err("no tile placed".into());
        }
        if board.is_empty() {
            let (sr, sc) = layout.start();
            if !(0..len).any(|i| (row + dr * i, col + dc * i) == (sr, sc)) {
                return Err("the opening move misses the start square".into());
            }
            if dir == Dir::Down && !self.opening_both {
                return Err("opening moves are listed across".into());
            }
        } else {
            let touches = placed.iter().any(|&i| {
                let (r, c) = ((row + dr * i) as isize, (col + dc * i) as isize);
                occupied(r - 1, c) || occupied(r + 1, c) || occupied(r, c - 1) || occupied(r, c + 1)
            });
            if !touches {
                return Err("no placed tile touches the board".into());
            }
        }
        let tiles: Vec<Tile> = word.iter().map(|&w| tile_of(w)).collect();
        if !self.words.contains(&tiles) {
            return Err(format!("{} is not a word", a.spell(&tiles)));
        }
        // Main word.
        let mut main = 0;
        let mut wm = 1;
        for (i, &w) in word.iter().enumerate() {
            let (r, c) = (row + dr * i, col + dc * i);
            if board.get(r, c) == 0 {
                main += tile_value(a, w) * layout.letter_mult(r, c) as i32;
                wm *= layout.word_mult(r, c) as i32;
            } else {
                main += tile_value(a, w);
            }
        }
        let mut total = main * wm;
        // Perpendicular words.
        let (pr, pc) = (dc as isize, dr as isize);
        for &i in &placed {
            let (r, c) = (row + dr * i, col + dc * i);
            let (mut sr, mut sc) = (r as isize, c as isize);
            while occupied(sr - pr, sc - pc) {
                sr -= pr;
                sc -= pc;
            }
            let mut cross = Vec::new();
            let (mut cr, mut cc) = (sr, sc);
            loop {
                if (cr, cc) == (r as isize, c as isize) {
                    cross.push(word[i]);
                } else if occupied(cr, cc) {
                    cross.push(board.get(cr as usize, cc as usize));
                } else {
                    break;
                }
                cr += pr;
                cc += pc;
            }
            if cross.len() < 2 {
                continue;
            }
            let ct: Vec<Tile> = cross.iter().map(|&s| tile_of(s)).collect();
            if !self.words.contains(&ct) {
                return Err(format!("cross word {} is not a word", a.spell(&ct)));
            }
            let sum: i32 = cross.iter().map(|&s| tile_value(a, s)).sum::<i32>()
                - tile_value(a, word[i])
                + tile_value(a, word[i]) * layout.letter_mult(r, c) as i32;
            total += sum * layout.word_mult(r, c) as i32;
            if placed.len() == 1 && dir == Dir::Down {
                return Err("a one-tile play making an across word is listed across".into());
            }
        }
        if placed.len() == self.rules.rack_size {
            total += self.rules.bingo_bonus;
        }
        Ok(total)
    }

    /// Checks one generated move completely: legal, scored right, internally
    /// consistent, and playable from `rack`.
    pub fn check_move(&self, board: &Board, rack: &Rack, m: &Move) -> Result<(), String> {
        let score = self.evaluate(board, m.dir, m.row as usize, m.col as usize, m.word())?;
        if score != m.score {
            return Err(format!("scored {}, should be {score}", m.score));
        }
        let mut left = *rack;
        for i in 0..m.len as usize {
            let (r, c) = m.square(i);
            let empty = board.get(r, c) == 0;
            if empty != (m.placed >> i & 1 == 1) {
                return Err(format!(
                    "placed mask {:#b} wrong at word square {i}",
                    m.placed
                ));
            }
            if empty {
                let sq = m.word[i];
                let t = if sq & BLANK_FLAG != 0 { 0 } else { tile_of(sq) };
                if !left.remove(t) {
                    return Err(format!("uses a tile {t} the rack does not have"));
                }
            }
        }
        if m.placed >> m.len != 0 {
            return Err(format!("placed mask {:#b} beyond the word", m.placed));
        }
        Ok(())
    }

    /// Every legal move for `board` and `rack`, by brute force, sorted.
    pub fn generate(&self, board: &Board, rack: &Rack) -> Vec<Play> {
        let n = board.size();
        assert_eq!(n, self.rules.layout.size(), "board and layout sizes differ");
        let empty = board.is_empty();
        let mut counts = *rack.counts();
        for c in counts.iter_mut().skip(self.alphabet.len() + 1) {
            *c = 0;
        }
        let mut out = Vec::new();
        let dirs: &[Dir] = if empty && !self.opening_both {
            &[Dir::Across]
        } else {
            &[Dir::Across, Dir::Down]
        };
        for &dir in dirs {
            for line in 0..n {
                let mut s = Search::new(self, board, dir, line, counts, &mut out);
                for start in 0..n {
                    if start > 0 && s.sq[start - 1] != 0 {
                        continue;
                    }
                    s.start = start;
                    s.dfs(start, 0, false);
                }
            }
        }
        out.sort();
        out
    }
}

/// The search along one line.
struct Search<'o, 'a> {
    oracle: &'o Oracle<'a>,
    board: &'o Board,
    dir: Dir,
    line: usize,
    n: usize,
    /// Square contents along the line.
    sq: Vec<u8>,
    /// Empty squares next to a tile (or the start square on an empty board).
    hot: Vec<bool>,
    /// Tiles whose perpendicular word is fine on each empty square.
    fits: Vec<u64>,
    /// Fewest tiles placed from `pos` rightwards to reach a hot or full square.
    need: Vec<usize>,
    rack: [u8; 64],
    left: usize,
    start: usize,
    word: Vec<u8>,
    tiles: Vec<Tile>,
    out: &'o mut Vec<Play>,
}

impl<'o, 'a> Search<'o, 'a> {
    fn new(
        oracle: &'o Oracle<'a>,
        board: &'o Board,
        dir: Dir,
        line: usize,
        rack: [u8; 64],
        out: &'o mut Vec<Play>,
    ) -> Self {
        let n = board.size();
        let at = |pos: usize| match dir {
            Dir::Across => (line, pos),
            Dir::Down => (pos, line),
        };
        let get = |r: isize, c: isize| -> u8 {
            if r < 0 || c < 0 || r as usize >= n || c as usize >= n {
                0
            } else {
                board.get(r as usize, c as usize)
            }
        };
        let empty_board = board.is_empty();
        let ntiles = oracle.alphabet.len();
        let mut sq = vec![0; n];
        let mut hot = vec![false; n];
        let mut fits = vec![0u64; n];
        let (pr, pc): (isize, isize) = match dir {
            Dir::Across => (1, 0),
            Dir::Down => (0, 1),
        };
        for (pos, s) in sq.iter_mut().enumerate() {
            let (r, c) = at(pos);
            *s = board.get(r, c);
            if *s != 0 {
                continue;
            }
            let (r, c) = (r as isize, c as isize);
            hot[pos] = if empty_board {
                oracle.rules.layout.start() == (r as usize, c as usize)
            } else {
                get(r - 1, c) != 0 || get(r + 1, c) != 0 || get(r, c - 1) != 0 || get(r, c + 1) != 0
            };
            // The perpendicular word through this square, with a hole.
            let mut before = Vec::new();
            let (mut br, mut bc) = (r - pr, c - pc);
            while get(br, bc) != 0 {
                before.push(tile_of(get(br, bc)));
                br -= pr;
                bc -= pc;
            }
            before.reverse();
            let mut after = Vec::new();
            let (mut ar, mut ac) = (r + pr, c + pc);
            while get(ar, ac) != 0 {
                after.push(tile_of(get(ar, ac)));
                ar += pr;
                ac += pc;
            }
            for t in 1..=ntiles as Tile {
                let ok = if before.is_empty() && after.is_empty() {
                    true
                } else {
                    let mut w = before.clone();
                    w.push(t);
                    w.extend_from_slice(&after);
                    oracle.words.contains(&w)
                };
                if ok {
                    fits[pos] |= 1 << t;
                }
            }
        }
        const FAR: usize = usize::MAX / 2;
        let mut need = vec![FAR; n + 1];
        for pos in (0..n).rev() {
            need[pos] = if sq[pos] != 0 {
                0
            } else if hot[pos] {
                1
            } else {
                need[pos + 1].saturating_add(1)
            };
        }
        let left = rack.iter().map(|&c| c as usize).sum();
        Search {
            oracle,
            board,
            dir,
            line,
            n,
            sq,
            hot,
            fits,
            need,
            rack,
            left,
            start: 0,
            word: Vec::with_capacity(n),
            tiles: Vec::with_capacity(n),
            out,
        }
    }

    /// Fills square `pos`, the main word so far being `start..pos`.
    fn dfs(&mut self, pos: usize, placed: usize, connected: bool) {
        if pos == self.n {
            return;
        }
        let sq = self.sq[pos];
        if sq != 0 {
            self.push(sq);
            if self.oracle.words.is_prefix(&self.tiles) {
                self.then(pos, placed, true);
            }
            self.pop();
            return;
        }
        if self.left == 0 || (!connected && self.need[pos] > self.left) {
            return;
        }
        let connected = connected || self.hot[pos];
        for t in 1..=self.oracle.alphabet.len() as Tile {
            if self.fits[pos] >> t & 1 == 0 {
                continue;
            }
            for blank in [false, true] {
                let slot = if blank { 0 } else { t as usize };
                if self.rack[slot] == 0 {
                    continue;
                }
                self.rack[slot] -= 1;
                self.left -= 1;
                self.push(t | if blank { BLANK_FLAG } else { 0 });
                if self.oracle.words.is_prefix(&self.tiles) {
                    self.then(pos, placed + 1, connected);
                }
                self.pop();
                self.left += 1;
                self.rack[slot] += 1;
            }
        }
    }

    /// After square `pos` is filled: maybe record, then go on.
    fn then(&mut self, pos: usize, placed: usize, connected: bool) {
        let ends = pos + 1 == self.n || self.sq[pos + 1] == 0;
        if ends && placed > 0 && connected && self.word.len() >= 2 {
            let (row, col) = match self.dir {
                Dir::Across => (self.line, self.start),
                Dir::Down => (self.start, self.line),
            };
            if let Ok(score) = self
                .oracle
                .evaluate(self.board, self.dir, row, col, &self.word)
            {
                self.out.push(Play {
                    dir: self.dir,
                    row,
                    col,
                    word: self.word.clone(),
                    score,
                });
            }
        }
        self.dfs(pos + 1, placed, connected);
    }

    fn push(&mut self, sq: u8) {
        self.word.push(sq);
        self.tiles.push(tile_of(sq));
    }

    fn pop(&mut self) {
        self.word.pop();
        self.tiles.pop();
    }
}

// ---------------------------------------------------------------------------
// Comparing

/// Runs both generators (`gen`, with its rules, on the DAWG and then the
/// GADDAG) and the oracle on a position; returns a description of every
/// disagreement (empty when all three agree exactly and every move checks
/// out), plus the number of moves.
pub fn three_way(
    lex: &Lex,
    gen: &mut Generator,
    board: &Board,
    rack: &Rack,
    opts: &Options,
) -> (Vec<String>, usize) {
    let a = lex.alphabet();
    let mut oracle = Oracle::new(&lex.set, a, gen.rules());
    oracle.opening_both = opts.opening_both;
    let want = oracle.generate(board, rack);
    let mut problems = Vec::new();
    for l in [&lex.dawg, &lex.gaddag] {
        let moves = gen.generate_vec(l, board, rack, opts);
        problems.extend(compare(&format!("{:?}", l.kind()), a, &want, &moves));
    }
    (problems, want.len())
}

/// Differences between the oracle's plays and a generator's moves: missing,
/// extra, duplicated (as lines, a few of each).
pub fn compare(who: &str, a: &Alphabet, want: &[Play], got: &[Move]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut g: Vec<Play> = got.iter().map(Play::from_move).collect();
    g.sort();
    let dups: Vec<String> = g
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| w[0].line(a))
        .take(5)
        .collect();
    if !dups.is_empty() {
        problems.push(format!("{who}: duplicate moves {dups:?}"));
    }
    // Lines too, as the reference files compare them.
    let mut wl: Vec<String> = want.iter().map(|p| p.line(a)).collect();
    let mut gl: Vec<String> = got.iter().map(|m| move_line(m, a)).collect();
    wl.sort();
    gl.sort();
    if g != want || wl != gl {
        let ws: HashSet<&Play> = want.iter().collect();
        let gs: HashSet<&Play> = g.iter().collect();
        let missing: Vec<String> = want
            .iter()
            .filter(|p| !gs.contains(p))
            .take(6)
            .map(|p| p.line(a))
            .collect();
        let extra: Vec<String> = g
            .iter()
            .filter(|p| !ws.contains(p))
            .take(6)
            .map(|p| p.line(a))
            .collect();
        problems.push(format!(
            "{who}: {} moves, oracle {}; missing {missing:?}; extra {extra:?}",
            g.len(),
            want.len()
        ));
    }
    problems
}

/// A position as text for failure messages.
pub fn describe(a: &Alphabet, board: &Board, rack: &Rack) -> String {
    format!("{} {}", board.to_cgp(a), rack.to_text(a))
}

// ---------------------------------------------------------------------------
// Random positions

/// The full bag of an alphabet (0 = blank).
pub fn bag(a: &Alphabet) -> Vec<Tile> {
    let mut v = Vec::new();
    for (t, info) in a.tiles().iter().enumerate() {
        v.extend(std::iter::repeat_n(t as Tile, info.count as usize));
    }
    v
}

/// A rack of `size` tiles with exactly `blanks` blanks, the rest drawn from
/// the alphabet's bag of real tiles.
pub fn random_rack(a: &Alphabet, rng: &mut StdRng, size: usize, blanks: usize) -> Rack {
    let mut real: Vec<Tile> = bag(a).into_iter().filter(|&t| t != 0).collect();
    if real.is_empty() {
        real = (1..=a.len() as Tile).collect();
    }
    let mut tiles = vec![0; blanks.min(size)];
    while tiles.len() < size {
        tiles.push(*real.choose(rng).unwrap());
    }
    Rack::from_tiles(&tiles)
}

/// A board after `turns` turns of self-play from an empty board: each turn
/// the mover draws up to a full rack from the bag and plays one of the `top`
/// best moves (GADDAG generator), or exchanges when it has none. Blanks in
/// the bag end up on the board as blanks.
pub fn self_play(
    gaddag: &Lexicon,
    rules: &Rules,
    rng: &mut StdRng,
    turns: usize,
    top: usize,
) -> Board {
    let a = gaddag.alphabet();
    let n = rules.layout.size();
    let mut board = Board::new(n);
    let mut bag = bag(a);
    bag.shuffle(rng);
    let mut racks = [Vec::<Tile>::new(), Vec::new()];
    let mut gen = Generator::new(rules.clone());
    let mut stuck = 0;
    for turn in 0..turns {
        let rack = &mut racks[turn % 2];
        while rack.len() < rules.rack_size {
            match bag.pop() {
                Some(t) => rack.push(t),
                None => break,
            }
        }
        if rack.is_empty() {
            break;
        }
        let r = Rack::from_tiles(rack);
        let moves = gen.generate_vec(gaddag, &board, &r, &Options::default());
        if moves.is_empty() {
            stuck += 1;
            if stuck > 6 || bag.is_empty() {
                break;
            }
            bag.append(rack);
            bag.shuffle(rng);
            continue;
        }
        stuck = 0;
        let m = moves[rng.gen_range(0..moves.len().min(top.max(1)))];
        m.apply(&mut board);
        let mut left = r;
        m.take_from(&mut left);
        *rack = left.tiles();
    }
    if rng.gen_bool(0.5) {
        board = board.transposed();
    }
    board
}

/// A board with `count` random words laid at random places and directions,
/// later ones overwriting earlier ones, some tiles as blanks. The board need
/// not be a legal position (its existing words need not be words): the move
/// rules still say exactly which placements are legal.
pub fn scatter(words: &WordList, n: usize, rng: &mut StdRng, count: usize) -> Board {
    let mut board = Board::new(n);
    let list: Vec<&[Tile]> = words.iter().filter(|w| w.len() <= n).collect();
    if list.is_empty() {
        return board;
    }
    for _ in 0..count {
        let w = list[rng.gen_range(0..list.len())];
        let across = rng.gen_bool(0.5);
        let fixed = rng.gen_range(0..n);
        let from = rng.gen_range(0..=n - w.len());
        for (i, &t) in w.iter().enumerate() {
            let sq = t | if rng.gen_bool(0.1) { BLANK_FLAG } else { 0 };
            let (r, c) = if across {
                (fixed, from + i)
            } else {
                (from + i, fixed)
            };
            board.set(r, c, sq);
        }
    }
    board
}

/// An alphabet of `letters` tiles `A`, `B`, ... with random scores (1..=10)
/// and counts that make a bag of about 100, with `blanks` blanks.
pub fn random_alphabet(rng: &mut StdRng, letters: usize, blanks: u8) -> Alphabet {
    let mut text = format!("? 0 {blanks} 0\n");
    let each = (100 / letters).clamp(1, 255);
    for i in 0..letters {
        let c = (b'A' + i as u8) as char;
        let score = rng.gen_range(1..=10);
        text.push_str(&format!("{c} {score} {each} {}\n", (i % 3 == 0) as u8));
    }
    Alphabet::parse("random", &text, "random").expect("random alphabet parses")
}

/// `count` random words over the first `letters` letters, lengths in
/// `min..=max`, one per line.
pub fn random_words(
    rng: &mut StdRng,
    letters: usize,
    count: usize,
    min: usize,
    max: usize,
) -> String {
    let mut s = String::new();
    for _ in 0..count {
        let len = rng.gen_range(min..=max);
        for _ in 0..len {
            s.push((b'a' + rng.gen_range(0..letters) as u8) as char);
        }
        s.push('\n');
    }
    s
}
pub mod upwords;
