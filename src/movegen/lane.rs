//! Lanes: the board as move generation reads it, one line at a time.
//!
//! Moves are searched along one line of the board in one direction (down
//! lines are the board transposed). Before the search, every square of the
//! line is summed up as a [`LaneSquare`]: its contents, its premiums, and
//! what the perpendicular words across it allow (the cross-checks of
//! Appel & Jacobson). A [`Lane`] is one line of such squares with the rack,
//! as a search policy ([`SearchPolicy::lane`](crate::SearchPolicy::lane)) sees it
//! before the search, and a [`Scoring`](crate::scoring::Scoring) reads the
//! squares to score moves.

use crate::board::Dir;
#[cfg(doc)]
use crate::board::BLANK_FLAG;

/// One square of a line of the board, as move generation reads it: its
/// contents, its premiums, and what the words across it allow. A
/// [`Scoring`](crate::scoring::Scoring) reads these; a search policy sees
/// them in each [`Lane`] before it is searched.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct LaneSquare {
    /// Tiles allowed here (bit `t` for tile `t`), from the cross-check.
    pub(crate) cross: u64,
    /// Score of the perpendicular tiles next to the square.
    pub(crate) cross_sum: i32,
    /// Square contents: 0 empty, else tile (with [`BLANK_FLAG`]).
    pub(crate) tile: u8,
    /// Tiles stacked on the square (0 empty; 1 in games without stacking).
    pub(crate) height: u8,
    /// Empty and next to a tile (or the start square on an empty board).
    pub(crate) anchor: bool,
    /// A tile placed here forms a perpendicular word.
    pub(crate) has_cross: bool,
    /// The perpendicular word a tile placed here forms would be flat (every
    /// tile at height 1): what [`Upwords`](crate::scoring::Upwords) scoring
    /// adds a Qu's bonus in.
    pub(crate) cross_flat: bool,
    /// Letter multiplier.
    pub(crate) letter_mult: u8,
    /// Word multiplier.
    pub(crate) word_mult: u8,
}

impl LaneSquare {
    /// An empty square with these premiums, next to nothing.
    pub fn empty(letter_mult: u8, word_mult: u8) -> LaneSquare {
        LaneSquare {
            cross: !1,
            letter_mult,
            word_mult,
            ..LaneSquare::default()
        }
    }
    /// The contents: 0 when empty, else the tile, with [`BLANK_FLAG`] for
    /// a blank.
    pub fn tile(&self) -> u8 {
        self.tile
    }
    /// Tiles stacked here: 0 when empty, 1 for a tile in games without
    /// stacking.
    pub fn height(&self) -> u8 {
        self.height
    }
    /// Whether a move may start its search here: empty, next to a tile (or
    /// a start square of an empty board); where tiles stack, also a tile
    /// that can take another.
    pub fn is_anchor(&self) -> bool {
        self.anchor
    }
    /// Whether a tile placed here forms a perpendicular word.
    pub fn has_cross(&self) -> bool {
        self.has_cross
    }
    /// The tiles that may be placed here (bit `t` for tile `t`): those the
    /// perpendicular word allows, of every tile of the alphabet (a search
    /// takes those of its rack); next to tiles of its own line (a GADDAG's
    /// lanes, tiles that do not stack), only those that make part of a word
    /// with them (the line's tiles before and after the square, the tile
    /// between them).
    pub fn allowed(&self) -> u64 {
        self.cross
    }
    /// Points of the perpendicular word's tiles already on the board (as
    /// the [`Scoring`](crate::scoring::Scoring) counts them).
    pub fn cross_sum(&self) -> i32 {
        self.cross_sum
    }
    /// Whether the perpendicular word a tile placed here forms is flat
    /// (stacking games: every tile of it at height 1).
    pub fn cross_flat(&self) -> bool {
        self.cross_flat
    }
    /// Letter premium.
    pub fn letter_mult(&self) -> u8 {
        self.letter_mult
    }
    /// Word premium.
    pub fn word_mult(&self) -> u8 {
        self.word_mult
    }
}

/// One line of the board in one direction, as the search is about to see
/// it: its squares (contents, premiums, cross-checks, anchors) and the
/// rack, whole (nothing is placed yet).
#[derive(Clone, Copy, Debug)]
pub struct Lane<'a> {
    pub(crate) dir: Dir,
    pub(crate) line: usize,
    pub(crate) squares: &'a [LaneSquare],
    pub(crate) rack: &'a [u8; 64],
}

impl<'a> Lane<'a> {
    /// The direction of the moves on this lane.
    pub fn dir(&self) -> Dir {
        self.dir
    }
    /// The row (across) or column (down).
    pub fn line(&self) -> usize {
        self.line
    }
    /// The squares, from the left (across) or the top (down).
    pub fn squares(&self) -> &'a [LaneSquare] {
        self.squares
    }
    /// Board coordinates (row, column) of square `pos`.
    pub fn coordinates(&self, pos: usize) -> (usize, usize) {
        match self.dir {
            Dir::Across => (self.line, pos),
            Dir::Down => (pos, self.line),
        }
    }
    /// The rack: how many of each tile (index 0: blanks).
    pub fn rack(&self) -> &'a [u8; 64] {
        self.rack
    }
}
