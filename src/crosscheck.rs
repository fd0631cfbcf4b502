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
//! [`Lanes`] holds, for one direction, every line of the board laid out
//! contiguously (the board is transposed for down moves), with each
//! square's content, cross-check set, cross-sum, anchor flag and premiums.
//! The sets are computed with the same structure that generates the moves.

use crate::alphabet::Tile;
use crate::board::{tile_of, Board, BLANK_FLAG};
use crate::format::{Arc, Edges, RootIndex};
use crate::rules::Rules;

/// Direction of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    Across,
    Down,
}

/// How a square's cross-check set is computed: with a DAWG or a GADDAG.
#[derive(Clone, Copy, Debug)]
pub enum Structure<'a> {
    Dawg(Edges<'a>),
    Gaddag(Edges<'a>),
}

/// One direction's view of the board: lines laid out contiguously.
#[derive(Clone, Debug, Default)]
pub struct Lanes {
    /// Board side.
    pub n: usize,
    /// Square contents, `line * n + pos`.
    pub sq: Vec<u8>,
    /// Tiles allowed on each empty square (bit `t` for tile `t`).
    pub cross: Vec<u64>,
    /// Score of the perpendicular tiles next to each square.
    pub csum: Vec<i32>,
    /// Whether a tile placed there forms a perpendicular word.
    pub has_cross: Vec<bool>,
    /// Empty squares next to a tile (or the start square on an empty board).
    pub anchor: Vec<bool>,
    /// Letter multiplier of each square.
    pub lm: Vec<i32>,
    /// Word multiplier of each square.
    pub wm: Vec<i32>,
    /// The layout `lm` and `wm` were filled from.
    premiums_of: Option<crate::rules::Layout>,
}

/// What cross-checks are computed with.
#[derive(Clone, Copy)]
pub struct CrossInput<'a> {
    pub rules: &'a Rules,
    /// Each tile's value.
    pub scores: &'a [i32; 64],
    /// The alphabet's highest tile.
    pub max_tile: Tile,
    pub structure: Structure<'a>,
    /// The structure's root, indexed.
    pub root: &'a RootIndex,
    /// Tiles worth checking: the rack's, or all with a blank. Nothing else
    /// can be placed, so the sets say nothing of other tiles.
    pub wanted: u64,
}

impl Lanes {
    /// Fills the lanes of direction `dir` for `board`.
    pub fn compute(&mut self, board: &Board, dir: Dir, input: &CrossInput<'_>) {
        let CrossInput {
            rules,
            scores,
            max_tile,
            structure,
            root,
            wanted,
        } = *input;
        let n = board.size();
        let nn = n * n;
        let layout = &rules.layout;
        // Premiums depend only on the layout: fill them once.
        if self.n != n || self.premiums_of.as_ref() != Some(layout) {
            self.n = n;
            self.lm.clear();
            self.wm.clear();
            for line in 0..n {
                for pos in 0..n {
                    let (r, c) = match dir {
                        Dir::Across => (line, pos),
                        Dir::Down => (pos, line),
                    };
                    self.lm.push(layout.letter_mult(r, c) as i32);
                    self.wm.push(layout.word_mult(r, c) as i32);
                }
            }
            self.premiums_of = Some(layout.clone());
        }
        match dir {
            Dir::Across => {
                self.sq.clear();
                self.sq.extend_from_slice(board.squares());
            }
            Dir::Down => {
                self.sq.resize(nn, 0);
                let src = board.squares();
                for r in 0..n {
                    for c in 0..n {
                        self.sq[c * n + r] = src[r * n + c];
                    }
                }
            }
        }
        self.cross.clear();
        self.cross.resize(nn, 0);
        self.csum.clear();
        self.csum.resize(nn, 0);
        self.has_cross.clear();
        self.has_cross.resize(nn, false);
        self.anchor.clear();
        self.anchor.resize(nn, false);
        let all: u64 = if max_tile >= 63 {
            !1
        } else {
            ((1u64 << (max_tile + 1)) - 1) & !1
        };
        let empty_board = board.is_empty();
        let mut up: [Tile; 32] = [0; 32];
        let mut down: [Tile; 32] = [0; 32];
        for line in 0..n {
            for pos in 0..n {
                let i = line * n + pos;
                if self.sq[i] != 0 {
                    continue;
                }
                // Perpendicular neighbours: same `pos` on lines above and below.
                let occupied = |l: usize| self.sq[l * n + pos] != 0;
                let above = line > 0 && occupied(line - 1);
                let below = line + 1 < n && occupied(line + 1);
                let left = pos > 0 && self.sq[i - 1] != 0;
                let right = pos + 1 < n && self.sq[i + 1] != 0;
                self.anchor[i] = above || below || left || right;
                if !above && !below {
                    self.cross[i] = all;
                    continue;
                }
                let mut nu = 0;
                let mut l = line;
                while l > 0 && occupied(l - 1) {
                    l -= 1;
                }
                let mut sum = 0;
                for k in l..line {
                    let sq = self.sq[k * n + pos];
                    up[nu] = tile_of(sq);
                    nu += 1;
                    sum += if sq & BLANK_FLAG != 0 {
                        0
                    } else {
                        scores[tile_of(sq) as usize]
                    };
                }
                let mut nd = 0;
                let mut l = line + 1;
                while l < n && occupied(l) {
                    let sq = self.sq[l * n + pos];
                    down[nd] = tile_of(sq);
                    nd += 1;
                    sum += if sq & BLANK_FLAG != 0 {
                        0
                    } else {
                        scores[tile_of(sq) as usize]
                    };
                    l += 1;
                }
                self.csum[i] = sum;
                self.has_cross[i] = true;
                self.cross[i] = allowed(structure, root, &up[..nu], &down[..nd], wanted & all);
            }
        }
        if empty_board {
            let (r, c) = layout.start();
            let (line, pos) = match dir {
                Dir::Across => (r, c),
                Dir::Down => (c, r),
            };
            self.anchor[line * n + pos] = true;
        }
    }
}

/// Tiles `x` among `wanted` such that `up x down` is a word. `root` indexes
/// the structure's root.
pub fn allowed(
    structure: Structure<'_>,
    root: &RootIndex,
    up: &[Tile],
    down: &[Tile],
    wanted: u64,
) -> u64 {
    match structure {
        Structure::Dawg(e) => allowed_dawg(&e, root, up, down, wanted),
        Structure::Gaddag(e) => allowed_gaddag(&e, root, up, down, wanted),
    }
}

/// Follows `tiles` from the root; returns the last arc's (terminal, target),
/// `None` if a tile has no arc or an arc with no children is not the last.
#[inline]
fn walk_from_root(
    e: &Edges<'_>,
    root: &RootIndex,
    mut tiles: impl Iterator<Item = Tile>,
) -> Option<(bool, u32)> {
    let a = root.child(e, tiles.next()?)?;
    walk_on(e, a, tiles)
}

/// Follows `tiles` from the target of arc `a`; returns the last arc's
/// (terminal, target) as [`walk_from_root`] does.
#[inline]
fn walk_on(e: &Edges<'_>, mut a: Arc, tiles: impl Iterator<Item = Tile>) -> Option<(bool, u32)> {
    for t in tiles {
        if a.target == 0 {
            return None;
        }
        a = e.child(a.target, t)?;
    }
    Some((a.terminal, a.target))
}

/// The wanted tiles `x` out of `node` whose arc ends a word (`tail` empty)
/// or continues through `tail` to the end of a word.
fn accepting_children(
    e: &Edges<'_>,
    root: &RootIndex,
    node: u32,
    tail: &[Tile],
    wanted: u64,
) -> u64 {
    let mut set = 0u64;
    e.for_each_in_from(root, node, wanted, |a| {
        let ok = if tail.is_empty() {
            a.terminal
        } else {
            matches!(walk_on(e, a, tail.iter().copied()), Some((true, _)))
        };
        set |= (ok as u64) << a.tile;
        true
    });
    set
}

fn allowed_dawg(e: &Edges<'_>, root: &RootIndex, up: &[Tile], down: &[Tile], wanted: u64) -> u64 {
    // up x down, left to right: the DAWG can only read it in that order.
    let node = if up.is_empty() {
        0
    } else {
        match walk_from_root(e, root, up.iter().copied()) {
            Some((_, t)) if t != 0 => t,
            _ => return 0,
        }
    };
    accepting_children(e, root, node, down, wanted)
}

fn allowed_gaddag(e: &Edges<'_>, root: &RootIndex, up: &[Tile], down: &[Tile], wanted: u64) -> u64 {
    if up.is_empty() || (!down.is_empty() && down.len() < up.len()) {
        // rev(up x down) = rev(down) x rev(up): walk the lower part once,
        // then per x the (longer) upper part, with no separator.
        let Some((_, node)) = walk_from_root(e, root, down.iter().rev().copied()) else {
            return 0;
        };
        if node == 0 {
            return 0;
        }
        let mut rev_up = [0 as Tile; 32];
        let rev_up = &mut rev_up[..up.len().min(32)];
        for (d, &t) in rev_up.iter_mut().zip(up.iter().rev()) {
            *d = t;
        }
        accepting_children(e, root, node, rev_up, wanted)
    } else {
        // rev(up) ◇ x down: walk the upper part once, then per x the lower part.
        let Some((_, node)) = walk_from_root(e, root, up.iter().rev().copied()) else {
            return 0;
        };
        match e.separator(node) {
            Some(sep) if sep.target != 0 => accepting_children(e, root, sep.target, down, wanted),
            _ => 0,
        }
    }
}
