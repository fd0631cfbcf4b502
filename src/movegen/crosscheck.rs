//! Cross-checks, cross-sums and anchors (Appel & Jacobson §3.5).
//!
//! Move generation works on one line of the board at a time. A tile placed
//! on an empty square of an across line also forms a down word when the
//! square has tiles above or below it; the *cross-check set* of the square is
//! the set of tiles that make that down word a word, and its *cross-sum* is
//! the score of the tiles already above and below. Squares with no
//! perpendicular neighbours allow every tile and form no cross word.
//!
//! On the board below, a tile on the square under `A` (row 2, col 1) forms
//! the down word `A?`, so for across moves that square allows exactly the
//! tiles `x` for which `Ax` is a word, and its cross-sum is the score of `A`.
//! The square under `T` likewise allows `x` with `Tx` a word.
//!
//! ```text
//!   . . .
//!   . A T
//!   . ? ?
//! ```
//!
//! Internally, one `Lanes` value holds, for one direction, every line of the board laid out
//! contiguously (the board is transposed for down moves), with each
//! square's content, cross-check set, cross-sum, anchor flag and premiums.
//! The sets are computed with the same structure that generates the moves.
//!
//! On a GADDAG, a square next to tiles of its own line is narrowed too:
//! whatever the move, the tile placed there makes a run of letters with
//! the line's tiles before and after it, so it must be a tile `x` for which
//! `before x after` is part of some word. Right of `COWRY`, hardly any
//! tile is. The GADDAG tells which, by the path `rev(after) x rev(before)`
//! from its root (`in_words`). Such an anchor then often allows none of
//! the rack's tiles and is dropped before any search or bound (on the
//! SOWPODS suite's first 200 positions, a top-1 search by equity then
//! searched 3,153 anchors instead of 4,886).
//!
//! A generator keeps the sets it has worked out, by the tiles around the
//! square, in a `CrossCache`: boards share most of their cross words (one
//! under an `A`, one over an `S`...), so most sets are read back, not
//! walked again. The 1,000 positions of the SOWPODS suite ask for 70,288
//! cross-check sets of only 3,208 cross words.

use crate::alphabet::Tile;
#[cfg(doc)]
use crate::board::BLANK_FLAG;
use crate::board::{tile_of, Board, Dir};
use crate::format::{AnyWidths, Arc, Edges, Level1, NodeIndex, TopIndex, Widths};
use crate::lane::LaneSquare;
use crate::rules::{Rules, MAX_SIZE};
use crate::scoring::Scoring;

/// How a square's cross-check set is computed: with a DAWG or a GADDAG.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Structure<'a, W: Widths = AnyWidths> {
    Dawg(Edges<'a, W>),
    Gaddag(Edges<'a, W>),
}

/// Bit `t` set for every tile `t` in `1..=max_tile` (not the blank).
pub(crate) fn tiles_mask(max_tile: Tile) -> u64 {
    if max_tile >= 63 {
        !1
    } else {
        ((1u64 << (max_tile + 1)) - 1) & !1
    }
}

/// One direction's view of the board: lines laid out contiguously, each
/// square a [`LaneSquare`] (move generation copies a line's squares in one
/// go).
#[derive(Clone, Debug, Default)]
pub(crate) struct Lanes {
    /// Board side.
    pub n: usize,
    /// Squares, `line * n + pos`.
    pub squares: Vec<LaneSquare>,
    /// Whether line `line` has an anchor.
    pub line_has_anchor: Vec<bool>,
    /// The layout the premiums were filled from.
    premiums_of: Option<crate::rules::Layout>,
    /// The board these lanes were worked out for, and its lexicon
    /// ([`Lexicon::id`](crate::Lexicon::id)) if they still hold it: the
    /// next board has only the lines its changes reach worked out again.
    /// (The vector is kept when they no longer do, so as not to allocate.)
    board_of: Vec<u8>,
    lexicon_of: Option<u64>,
}

/// The lanes of the last boards a generator was asked to keep them for,
/// by board: a simulation searches the same few boards (the position, and
/// it with each candidate on) once per scenario, with another rack each
/// time, and lanes depend on the board and the lexicon alone.
#[derive(Clone, Default)]
pub(crate) struct KeptLanes {
    entries: Vec<KeptBoard>,
    /// The entry to replace next.
    next: usize,
}

/// How many boards are kept, not their lanes (a generator's `Debug` shows
/// this).
impl std::fmt::Debug for KeptLanes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KeptLanes")
            .field("boards", &self.entries.len())
            .finish()
    }
}

#[derive(Clone)]
struct KeptBoard {
    /// The lexicon ([`Lexicon::id`](crate::Lexicon::id)) and whether the
    /// down lanes were worked out too.
    key: (u64, bool),
    board: Vec<u8>,
    lanes: [(Vec<LaneSquare>, Vec<bool>); 2],
}

impl KeptLanes {
    /// Boards kept: a simulation's position and its candidates' boards.
    const BOARDS: usize = 32;

    /// Copies the lanes kept for `board` into `across` and `down`, if any.
    pub(crate) fn restore(
        &self,
        key: (u64, bool),
        board: &Board,
        across: &mut Lanes,
        down: &mut Lanes,
    ) -> bool {
        let squares = board.squares();
        let Some(e) = self
            .entries
            .iter()
            .find(|e| e.key == key && e.board == squares)
        else {
            return false;
        };
        for (lanes, (sqs, anchors)) in [across, down].into_iter().zip(&e.lanes) {
            lanes.n = board.size();
            lanes.squares.clone_from(sqs);
            lanes.line_has_anchor.clone_from(anchors);
            // Worked out in full the next time (the down lanes of a board
            // kept without them hold another board's).
            lanes.lexicon_of = None;
        }
        true
    }

    /// Keeps `across` and `down` as the lanes of `board`.
    pub(crate) fn keep(&mut self, key: (u64, bool), board: &Board, across: &Lanes, down: &Lanes) {
        let i = self.next;
        self.next = (i + 1) % Self::BOARDS;
        let lanes = [across, down];
        if i == self.entries.len() {
            self.entries.push(KeptBoard {
                key,
                board: board.squares().to_vec(),
                lanes: lanes.map(|l| (l.squares.clone(), l.line_has_anchor.clone())),
            });
            return;
        }
        let e = &mut self.entries[i];
        e.key = key;
        e.board.clear();
        e.board.extend_from_slice(board.squares());
        for ((sqs, anchors), l) in e.lanes.iter_mut().zip(lanes) {
            sqs.clone_from(&l.squares);
            anchors.clone_from(&l.line_has_anchor);
        }
    }
}

/// The sets of tiles a generator has worked out, by the tiles before and
/// after a square, for one lexicon at a time: for the tiles `up` and
/// `down` around a square across the line, the tiles that make a word
/// with them (the cross-check), and for the tiles `left` and `right`
/// around it along the line, those that make part of a word with them
/// (see [`in_words`]). Both depend on those tiles and the lexicon alone
/// (the tile a stacked square holds is masked out afterwards), and one key
/// serves both: a square's cross word in one
/// direction is its run of tiles in the other.
///
/// Direct-mapped: each key has one slot, and a key that lands on
/// another's slot replaces it. Tiles too many for a key (more than
/// [`CrossCache::MAX_TILES`]) are never kept.
#[derive(Clone, Default)]
pub(crate) struct CrossCache {
    /// The lexicon the sets come from ([`Lexicon::id`]; 0: none yet).
    ///
    /// [`Lexicon::id`]: crate::Lexicon::id
    lexicon: u64,
    /// By slot: the key (see [`CrossCache::key`]; 0: empty slot), and its
    /// two sets of every tile of the alphabet: the tiles that make a word,
    /// and those that make part of one.
    keys: Vec<u128>,
    sets: Vec<[u64; 2]>,
}

/// What is kept, not every slot (a generator's `Debug` shows this).
impl std::fmt::Debug for CrossCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CrossCache")
            .field("lexicon", &self.lexicon)
            .field("kept", &self.keys.iter().filter(|&&k| k != 0).count())
            .field("slots", &self.keys.len())
            .finish()
    }
}

impl CrossCache {
    /// Slots: a power of two, 256 KB in all, more than the distinct keys of
    /// a thousand positions.
    const SLOTS: usize = 1 << 13;
    /// The most tiles a kept key has (the key's 6-bit digits, with one for
    /// the square itself).
    pub(crate) const MAX_TILES: usize = 20;

    /// Readies the cache for sets from lexicon `id`, emptying it if it held
    /// another's.
    pub(crate) fn use_lexicon(&mut self, id: u64) {
        if self.keys.len() != Self::SLOTS {
            self.keys = vec![0; Self::SLOTS];
            self.sets = vec![[0; 2]; Self::SLOTS];
        } else if self.lexicon != id {
            self.keys.fill(0);
        }
        self.lexicon = id;
    }

    /// The key of `up _ down`: a leading 1, then each tile in 6 bits, the
    /// square as a 0 digit (tiles are never 0). `None` if too long.
    #[inline]
    fn key(up: &[Tile], down: &[Tile]) -> Option<u128> {
        if up.len() + down.len() > Self::MAX_TILES {
            return None;
        }
        let push = |k: u128, t: Tile| k << 6 | (t & 63) as u128;
        let k = up.iter().fold(1u128, |k, &t| push(k, t)) << 6;
        Some(down.iter().fold(k, |k, &t| push(k, t)))
    }

    /// The tiles `x` of `all` (every tile of the alphabet) for which
    /// `up x down` is a word ([`allowed`]), and those for which it is part
    /// of a word ([`in_words`]): kept, or worked out and kept.
    #[inline]
    pub(crate) fn sets<W: Widths>(
        &mut self,
        structure: Structure<'_, W>,
        top: &TopIndex,
        up: &[Tile],
        down: &[Tile],
        all: u64,
    ) -> [u64; 2] {
        let work_out = || {
            [
                allowed(structure, top, up, down, all),
                in_words(structure, top, up, down, all),
            ]
        };
        let (Some(key), true) = (Self::key(up, down), self.keys.len() == Self::SLOTS) else {
            return work_out();
        };
        let mixed = (key as u64 ^ (key >> 64) as u64 ^ (key >> 117) as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = (mixed >> (64 - Self::SLOTS.trailing_zeros())) as usize;
        if self.keys[slot] == key {
            return self.sets[slot];
        }
        let sets = work_out();
        self.keys[slot] = key;
        self.sets[slot] = sets;
        sets
    }
}

/// What cross-checks are computed with.
#[derive(Clone, Copy)]
pub(crate) struct CrossInput<'a, R: Scoring, W: Widths = AnyWidths> {
    pub rules: &'a Rules,
    /// The values of tiles on the board, for cross sums.
    pub scoring: &'a R,
    /// The alphabet's highest tile.
    pub max_tile: Tile,
    pub structure: Structure<'a, W>,
    /// The structure's top nodes, indexed (from the same lexicon).
    pub top: &'a TopIndex,
    /// The lexicon's [`Lexicon::id`](crate::Lexicon::id).
    pub lexicon: u64,
}

impl Lanes {
    /// Fills the lanes of direction `dir` for `board`, with the sets kept
    /// in `cache` (ready for the lexicon of `input`).
    pub(crate) fn compute<R: Scoring, W: Widths>(
        &mut self,
        board: &Board,
        dir: Dir,
        input: &CrossInput<'_, R, W>,
        cache: &mut CrossCache,
    ) {
        let CrossInput {
            rules,
            scoring,
            max_tile,
            structure,
            top,
            lexicon,
        } = *input;
        let n = board.size();
        let nn = n * n;
        let layout = &rules.layout;
        // The lines to work out: those the board's changes since the last
        // reach, when these lanes hold the last (see `lines_reached`),
        // else all.
        let mut lines = u32::MAX >> (32 - n);
        let old = &self.board_of;
        if self.lexicon_of == Some(lexicon)
            && !R::STACKING
            && self.n == n
            && self.premiums_of.as_ref() == Some(layout)
            && old.len() == nn
            && !board.is_empty()
            && old.iter().any(|&sq| sq != 0)
        {
            lines = lines_reached(old, board.squares(), n, dir);
        }
        self.board_of.clear();
        self.board_of.extend_from_slice(board.squares());
        self.lexicon_of = Some(lexicon);
        if lines == 0 {
            return;
        }
        // Premiums depend only on the layout: fill them once.
        if self.n != n || self.premiums_of.as_ref() != Some(layout) {
            self.n = n;
            self.squares.clear();
            self.squares.resize(nn, LaneSquare::default());
            for line in 0..n {
                for pos in 0..n {
                    let (r, c) = match dir {
                        Dir::Across => (line, pos),
                        Dir::Down => (pos, line),
                    };
                    let q = &mut self.squares[line * n + pos];
                    q.letter_mult = layout.letter_mult(r, c);
                    q.word_mult = layout.word_mult(r, c);
                }
            }
            self.premiums_of = Some(layout.clone());
        }
        let all = tiles_mask(max_tile);
        // Copy the tiles in (transposed for down lines); empty squares allow
        // every tile until a perpendicular word says otherwise. `filled[line]`
        // has bit `pos` set for each occupied square.
        // Layouts and boards are 1..=MAX_SIZE (31) squares a side.
        debug_assert!((1..=MAX_SIZE).contains(&n));
        let mut filled = [0u32; MAX_SIZE + 2];
        let src = board.squares();
        let heights = board.heights();
        for (line, lane) in self.squares.chunks_exact_mut(n).enumerate() {
            let redo = lines >> line & 1 != 0;
            for (pos, q) in lane.iter_mut().enumerate() {
                let i = match dir {
                    Dir::Across => line * n + pos,
                    Dir::Down => pos * n + line,
                };
                let tile = src[i];
                filled[line + 1] |= ((tile != 0) as u32) << pos;
                if !redo {
                    continue;
                }
                *q = LaneSquare {
                    tile,
                    height: heights.map_or((tile != 0) as u8, |h| h[i]),
                    cross: if tile == 0 { all } else { 0 },
                    letter_mult: q.letter_mult,
                    word_mult: q.word_mult,
                    ..LaneSquare::default()
                };
            }
        }
        self.line_has_anchor.resize(n, false);
        let empty_board = board.is_empty();
        // Where tiles stack, a tile lower than the limit can take another.
        let limit = if R::STACKING { rules.stack_limit } else { 1 };
        let mut up: [Tile; 32] = [0; 32];
        let mut down: [Tile; 32] = [0; 32];
        let mut around = [(0u8, 0u8); 32];
        let sqs = &mut self.squares;
        let occupied = |sqs: &[LaneSquare], l: usize, pos: usize| sqs[l * n + pos].tile != 0;
        let line_mask = u32::MAX >> (32 - n);
        let mut todo = lines;
        while todo != 0 {
            let line = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            // `filled` is shifted one line down: `filled[line + 1]` is this line.
            let here = filled[line + 1];
            let beside = filled[line] | filled[line + 2];
            let vertical = beside & !here;
            let mut stackable = 0u32;
            if limit > 1 {
                let mut bits = here;
                while bits != 0 {
                    let pos = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    stackable |= ((sqs[line * n + pos].height < limit) as u32) << pos;
                }
            }
            let anchors = ((vertical | here << 1 | here >> 1) & !here | stackable) & line_mask;
            self.line_has_anchor[line] = anchors != 0;
            let mut bits = anchors;
            while bits != 0 {
                let pos = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                sqs[line * n + pos].anchor = true;
            }
            // Stackable tiles with nothing above or below take any other
            // letter.
            let mut bits = stackable & !beside;
            while bits != 0 {
                let pos = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let q = &mut sqs[line * n + pos];
                q.cross = all & !(1u64 << tile_of(q.tile));
            }
            // Squares with a perpendicular word: its tiles above and below.
            let mut bits = vertical | stackable & beside;
            while bits != 0 {
                let pos = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut nu = 0;
                let mut l = line;
                while l > 0 && occupied(sqs, l - 1, pos) {
                    l -= 1;
                }
                let mut na = 0;
                for k in l..line {
                    let q = &sqs[k * n + pos];
                    up[nu] = tile_of(q.tile);
                    nu += 1;
                    around[na] = (q.tile, q.height);
                    na += 1;
                }
                let mut nd = 0;
                let mut l = line + 1;
                while l < n && occupied(sqs, l, pos) {
                    let q = &sqs[l * n + pos];
                    down[nd] = tile_of(q.tile);
                    nd += 1;
                    around[na] = (q.tile, q.height);
                    na += 1;
                    l += 1;
                }
                let q = &mut sqs[line * n + pos];
                let (sum, flat) = scoring.cross_sum(q.height, &around[..na]);
                q.cross_sum = sum;
                q.cross_flat = flat;
                q.has_cross = true;
                // A stacked tile must differ from the one it covers.
                let own = if q.tile != 0 {
                    1u64 << tile_of(q.tile)
                } else {
                    0
                };
                q.cross = cache.sets(structure, top, &up[..nu], &down[..nd], all)[0] & !own;
            }
            // Empty squares next to tiles of this line: the tile placed
            // there makes part of a word with the tiles before and after
            // it, whatever the move (a GADDAG tells which tiles can; where
            // tiles stack, the move may cover those tiles instead).
            if R::STACKING || !matches!(structure, Structure::Gaddag(_)) {
                continue;
            }
            let mut bits = (here << 1 | here >> 1) & !here & line_mask;
            while bits != 0 {
                let pos = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let row = &sqs[line * n..(line + 1) * n];
                let mut k = pos;
                while k > 0 && row[k - 1].tile != 0 {
                    k -= 1;
                }
                let left = k;
                for (d, q) in up.iter_mut().zip(&row[left..pos]) {
                    *d = tile_of(q.tile);
                }
                let mut nr = 0;
                for q in row[pos + 1..].iter().take_while(|q| q.tile != 0) {
                    down[nr & 31] = tile_of(q.tile);
                    nr += 1;
                }
                let part = cache.sets(structure, top, &up[..pos - left], &down[..nr], all)[1];
                sqs[line * n + pos].cross &= part;
            }
        }
        if empty_board {
            for &(r, c) in layout.starts() {
                let (line, pos) = match dir {
                    Dir::Across => (r, c),
                    Dir::Down => (c, r),
                };
                self.squares[line * n + pos].anchor = true;
                self.line_has_anchor[line] = true;
            }
        }
    }
}

/// The lines of direction `dir` whose lanes may differ between boards
/// `old` and `new` (squares row by row, `n` a side): for each square that
/// changed, its own line and, across the lines at its place, the two
/// lines just past the run of `new`'s tiles through it: the squares whose
/// cross word or neighbour changed. (A square past a run of `old` is
/// reached too: the run's changed square nearest it walks over the tiles
/// between, unchanged, to it. And a line beside a changed square is one
/// past that square's run unless it holds a tile on both boards there.)
fn lines_reached(old: &[u8], new: &[u8], n: usize, dir: Dir) -> u32 {
    let occupied = |l: usize, pos: usize| {
        new[match dir {
            Dir::Across => l * n + pos,
            Dir::Down => pos * n + l,
        }] != 0
    };
    let mut lines = 0u64;
    for (i, _) in old.iter().zip(new).enumerate().filter(|(_, (a, b))| a != b) {
        let (line, pos) = match dir {
            Dir::Across => (i / n, i % n),
            Dir::Down => (i % n, i / n),
        };
        let (mut first, mut last) = (line, line);
        while first > 0 && occupied(first - 1, pos) {
            first -= 1;
        }
        while last + 1 < n && occupied(last + 1, pos) {
            last += 1;
        }
        // Bit `line`, and the lines `first - 1` and `last + 1` where they
        // exist (the mask below drops line `n`).
        lines |= 1 << line | (1 << first >> 1) | 1 << (last + 1);
    }
    (lines & (u64::MAX >> (64 - n))) as u32
}

/// Tiles `x` among `wanted` such that `up x down` is a word. `top` must
/// index the same edges as `structure` ([`Lexicon::top_index`] of the same
/// lexicon); another index gives wrong sets, though never a read out of
/// bounds.
///
/// [`Lexicon::top_index`]: crate::Lexicon::top_index
pub(crate) fn allowed<W: Widths>(
    structure: Structure<'_, W>,
    top: &TopIndex,
    up: &[Tile],
    down: &[Tile],
    wanted: u64,
) -> u64 {
    match structure {
        Structure::Dawg(e) => allowed_dawg(&e, top, up, down, wanted),
        Structure::Gaddag(e) => allowed_gaddag(&e, top, up, down, wanted),
    }
}

/// Tiles `x` among `wanted` such that `left x right` is part of a word
/// (some of its letters in a row): exactly those with the path
/// `rev(right) x rev(left)` from a GADDAG's root, since every prefix of a
/// word, reversed, is a path. A DAWG reads words from their first letter
/// only and cannot tell: every tile of `wanted`.
pub(crate) fn in_words<W: Widths>(
    structure: Structure<'_, W>,
    top: &TopIndex,
    left: &[Tile],
    right: &[Tile],
    wanted: u64,
) -> u64 {
    let Structure::Gaddag(e) = structure else {
        return wanted;
    };
    let mut buf = [0 as Tile; 32];
    let (node, ix) = if right.is_empty() {
        (0, Some(&top.root))
    } else {
        match walk_top(&e, top, reversed(right, &mut buf)) {
            Some((a, l1)) if a.target != 0 => (a.target, l1.map(|l| &l.ix)),
            _ => return 0,
        }
    };
    let rev_left = reversed(left, &mut buf);
    let mut set = 0u64;
    let mut hits = e.select_ix(ix, node, wanted);
    let keys = e.node_keys(node);
    if !rev_left.is_empty() {
        // Each letter's walk through the tiles before is a chain of loads
        // of its own: asked for all at once, their first misses overlap.
        let mut h = hits;
        while h != 0 {
            e.prefetch(e.arc_in(node, keys, h.trailing_zeros()).target);
            h &= h - 1;
        }
    }
    while hits != 0 {
        let a = e.arc_in(node, keys, hits.trailing_zeros());
        hits &= hits - 1;
        set |= (walk_on(&e, a, rev_left.iter().copied()).is_some() as u64) << (a.tile & 63);
    }
    set
}

/// Follows `tiles` from the root; returns the last arc, and what follows
/// it if that was the first (indexed), or `None` if a tile has no arc or an
/// arc with no children is not the last.
#[inline]
fn walk_top<'t, W: Widths>(
    e: &Edges<'_, W>,
    top: &'t TopIndex,
    tiles: &[Tile],
) -> Option<(Arc, Option<&'t Level1>)> {
    let (&t0, rest) = tiles.split_first()?;
    let a = top.root.child(e, 0, t0)?;
    let l1 = top.level1(t0);
    let Some((&t1, rest)) = rest.split_first() else {
        return Some((a, Some(l1)));
    };
    if a.target == 0 {
        return None;
    }
    let a = l1.ix.child(e, a.target, t1)?;
    walk_on(e, a, rest.iter().copied()).map(|a| (a, None))
}

/// Follows `tiles` from the target of arc `a`; returns the last arc as
/// [`walk_top`] does.
#[inline]
fn walk_on<W: Widths>(
    e: &Edges<'_, W>,
    mut a: Arc,
    tiles: impl Iterator<Item = Tile>,
) -> Option<Arc> {
    for t in tiles {
        if a.target == 0 {
            return None;
        }
        a = e.child(a.target, t)?;
    }
    Some(a)
}

/// The wanted tiles `x` out of `node` (indexed by `ix`, if given) whose arc
/// ends a word (`tail` empty) or continues through `tail` to the end of a
/// word.
fn accepting_children<W: Widths>(
    e: &Edges<'_, W>,
    node: u32,
    ix: Option<&NodeIndex>,
    tail: &[Tile],
    wanted: u64,
) -> u64 {
    let mut set = 0u64;
    let mut hits = e.select_ix(ix, node, wanted);
    let keys = e.node_keys(node);
    while hits != 0 {
        let a = e.arc_in(node, keys, hits.trailing_zeros());
        hits &= hits - 1;
        let ok = if tail.is_empty() {
            a.terminal
        } else {
            matches!(walk_on(e, a, tail.iter().copied()), Some(a) if a.terminal)
        };
        set |= (ok as u64) << (a.tile & 63);
    }
    set
}

fn allowed_dawg<W: Widths>(
    e: &Edges<'_, W>,
    top: &TopIndex,
    up: &[Tile],
    down: &[Tile],
    wanted: u64,
) -> u64 {
    // up x down, left to right: the DAWG can only read it in that order.
    if up.is_empty() {
        return accepting_children(e, 0, Some(&top.root), down, wanted);
    }
    match walk_top(e, top, up) {
        Some((a, l1)) if a.target != 0 => {
            accepting_children(e, a.target, l1.map(|l| &l.ix), down, wanted)
        }
        _ => 0,
    }
}

/// `part` reversed, in `buf`.
fn reversed<'b>(part: &[Tile], buf: &'b mut [Tile; 32]) -> &'b [Tile] {
    let k = part.len().min(32);
    for (d, &t) in buf.iter_mut().zip(part.iter().rev()) {
        *d = t;
    }
    &buf[..k]
}

fn allowed_gaddag<W: Widths>(
    e: &Edges<'_, W>,
    top: &TopIndex,
    up: &[Tile],
    down: &[Tile],
    wanted: u64,
) -> u64 {
    let (mut a_buf, mut b_buf) = ([0 as Tile; 32], [0 as Tile; 32]);
    if up.is_empty() || (!down.is_empty() && down.len() < up.len()) {
        // rev(up x down) = rev(down) x rev(up): walk the lower part once,
        // then per x the upper part, with no separator.
        let Some((a, l1)) = walk_top(e, top, reversed(down, &mut a_buf)) else {
            return 0;
        };
        if a.target == 0 {
            return 0;
        }
        let rev_up = reversed(up, &mut b_buf);
        accepting_children(e, a.target, l1.map(|l| &l.ix), rev_up, wanted)
    } else {
        // rev(up) ◇ x down: walk the upper part once, then per x the lower part.
        let Some((a, l1)) = walk_top(e, top, reversed(up, &mut a_buf)) else {
            return 0;
        };
        let (sep, ix) = match l1 {
            Some(l) => (l.sep, Some(&l.sep_ix)),
            None => (e.separator(a.target), None),
        };
        match sep {
            Some(sep) if sep.target != 0 => accepting_children(e, sep.target, ix, down, wanted),
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests;
