//! Scoring: what a move is worth, in one place.
//!
//! Move generation asks a [`Scoring`] for every number it needs: the value
//! of a tile on the board (for the words across a square), and how the
//! totals of a partial move grow as the search reads a board tile or places
//! one from the rack. The searches know nothing of letter or word premiums,
//! cross words or bingo bonuses; they carry a [`Scoring::Tally`] and ask for
//! the total when they find a word.
//!
//! [`Classic`] is the crossword-game rule: a word scores the sum of its
//! tiles, each placed tile multiplied by its square's letter premium, the
//! sum multiplied by the word premiums of the squares tiles were placed on;
//! every perpendicular word a placed tile forms scores the same way; placing
//! the whole rack earns the bingo bonus. Blanks score 0.
//!
//! For example, on an empty standard board `CAT` placed on `8F`–`8H`
//! covers the centre star (a double word): (3 + 1 + 1) × 2 = 10.
//!
//! ```
//! use lexgraph::lane::LaneSquare;
//! use lexgraph::scoring::{Classic, Scoring};
//! use lexgraph::{Alphabet, Rules};
//!
//! let a = Alphabet::english();
//! let rules = Rules::default();
//! let s = Classic::new(&rules, &a);
//! let layout = &rules.layout;
//! let square = |col| LaneSquare::empty(layout.letter_mult(7, col), layout.word_mult(7, col));
//! let t = |l: &str| a.tile_by_label(l).unwrap() as usize;
//! let mut tally = s.start();
//! for (col, tile) in [(5, t("C")), (6, t("A")), (7, t("T"))] {
//!     tally = s.place(tally, &square(col), s.value(tile));
//! }
//! assert_eq!(s.total(&tally, 3), 10);
//! ```
//!
//! A square carries more than a letter ([`LaneSquare::height`]): a rule
//! set where tiles stack scores by heights through the same interface.
//! [`Upwords`] does: a word whose tiles all lie at height 1 scores 2 a
//! tile (+2 for a Qu tile), any other word the sum of the heights of its
//! stacks; +20 for a whole rack. Its [`Scoring::STACKING`] also lets the
//! searches place tiles on tiles. Each search is compiled for its
//! `Scoring` type, so the classic rules cost what hand-written arithmetic
//! would.
//!
//! ```
//! use lexgraph::lane::LaneSquare;
//! use lexgraph::scoring::{Scoring, Upwords};
//! use lexgraph::{Alphabet, Rules};
//!
//! let a = Alphabet::builtin("upwords").unwrap();
//! let s = Upwords::new(&Rules::upwords(), &a);
//! let t = |l: &str| a.tile_by_label(l).unwrap() as usize;
//! // QUIT on empty squares: flat, 3 tiles x 2 + 2 for the Qu.
//! let mut tally = s.start();
//! for tile in [t("QU"), t("I"), t("T")] {
//!     tally = s.place(tally, &LaneSquare::empty(1, 1), s.value(tile));
//! }
//! assert_eq!(s.total(&tally, 3), 8);
//! ```

use crate::alphabet::Alphabet;
use crate::board::BLANK_FLAG;
use crate::lane::LaneSquare;
use crate::rules::Rules;

/// How moves are scored (see the [module](self) docs).
pub trait Scoring: Clone + std::fmt::Debug {
    /// What a partial move has scored so far. Copied at every step of the
    /// search: keep it a few words.
    type Tally: Copy;

    /// Whether moves score as [`Classic`] scores them, so that a bound on
    /// a move's score computed from the squares' premiums, cross sums and
    /// tile values holds (what [`Generator::best`] prunes with; with any
    /// other scoring it searches every anchor). Default: no.
    ///
    /// [`Generator::best`]: crate::Generator::best
    const CLASSIC: bool = false;

    /// Whether tiles may be placed on tiles (up to
    /// [`Rules::stack_limit`]), as in Upwords. Default: no.
    const STACKING: bool = false;

    /// The scoring of `rules` for tiles of `alphabet`.
    fn new(rules: &Rules, alphabet: &Alphabet) -> Self;

    /// Points of tile `t` placed from the rack (0 is the blank).
    fn value(&self, t: usize) -> i32;

    /// Points of a square's contents as the board holds them (a tile,
    /// with [`BLANK_FLAG`] for a blank).
    fn square_value(&self, sq: u8) -> i32;

    /// The points a perpendicular word already has on the board, around a
    /// square at height `height` (0: empty) that a tile is about to go on:
    /// `neighbours` are the word's other squares, as (contents, height).
    /// Returns them with whether the word will be flat (every tile at
    /// height 1), as [`LaneSquare::cross_sum`] and
    /// [`LaneSquare::cross_flat`] give them to [`Scoring::place`].
    /// Default: the sum of the tiles' [`Scoring::square_value`]s.
    fn cross_sum(&self, height: u8, neighbours: &[(u8, u8)]) -> (i32, bool) {
        let flat = height == 0 && neighbours.iter().all(|&(_, h)| h == 1);
        let sum = neighbours
            .iter()
            .map(|&(sq, _)| self.square_value(sq))
            .sum();
        (sum, flat)
    }

    /// A move with nothing on it yet.
    fn start(&self) -> Self::Tally;

    /// The main word reads the tile already on `q`.
    fn through(&self, t: Self::Tally, q: &LaneSquare) -> Self::Tally;

    /// A tile worth `value` placed on `q` (which may form a perpendicular
    /// word: `q.has_cross()`).
    fn place(&self, t: Self::Tally, q: &LaneSquare, value: i32) -> Self::Tally;

    /// A tile worth `value` placed on `q`, a square the search knows forms
    /// no perpendicular word: as [`Scoring::place`], which it defaults to,
    /// with the test left out (the DAWG search's left parts, placed on
    /// squares with no tile beside them, are scored this way).
    #[inline(always)]
    fn place_alone(&self, t: Self::Tally, q: &LaneSquare, value: i32) -> Self::Tally {
        self.place(t, q, value)
    }

    /// The move's score, with `placed` tiles placed.
    fn total(&self, t: &Self::Tally, placed: u32) -> i32;

    /// How much less the move scores with a blank, instead of the real tile
    /// `sq`, on placed square `q`.
    fn blank_cut(&self, t: &Self::Tally, q: &LaneSquare, sq: u8) -> i32;
}

/// The crossword-game rule (see the [module](self) docs).
#[derive(Clone, Debug)]
pub struct Classic {
    /// Each tile's value; `values[0]` (the blank) is 0.
    values: [i32; 64],
    rack_size: u32,
    bingo: i32,
}

/// [`Classic`]'s running totals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassicTally {
    /// The main word's letter sum, letter premiums applied.
    main: i32,
    /// Product of the word premiums under placed tiles.
    word_mult: i32,
    /// Score of the perpendicular words formed so far.
    cross: i32,
}

impl Scoring for Classic {
    type Tally = ClassicTally;
    const CLASSIC: bool = true;

    fn new(rules: &Rules, alphabet: &Alphabet) -> Classic {
        let values = alphabet.values();
        Classic {
            values,
            rack_size: rules.rack_size as u32,
            bingo: rules.bingo_bonus,
        }
    }

    #[inline(always)]
    fn value(&self, t: usize) -> i32 {
        self.values[t & 63]
    }

    #[inline(always)]
    fn square_value(&self, sq: u8) -> i32 {
        if sq & BLANK_FLAG != 0 {
            0
        } else {
            self.values[(sq & 63) as usize]
        }
    }

    /// The tiles' values; no word is "flat" here.
    #[inline]
    fn cross_sum(&self, _height: u8, neighbours: &[(u8, u8)]) -> (i32, bool) {
        let sum = neighbours
            .iter()
            .map(|&(sq, _)| self.square_value(sq))
            .sum();
        (sum, false)
    }

    #[inline(always)]
    fn start(&self) -> ClassicTally {
        ClassicTally {
            main: 0,
            word_mult: 1,
            cross: 0,
        }
    }

    #[inline(always)]
    fn through(&self, t: ClassicTally, q: &LaneSquare) -> ClassicTally {
        ClassicTally {
            main: t.main + self.square_value(q.tile),
            ..t
        }
    }

    #[inline(always)]
    fn place(&self, t: ClassicTally, q: &LaneSquare, value: i32) -> ClassicTally {
        let lv = value * q.letter_mult as i32;
        let cross = if q.has_cross {
            (q.cross_sum + lv) * q.word_mult as i32
        } else {
            0
        };
        ClassicTally {
            main: t.main + lv,
            word_mult: t.word_mult * q.word_mult as i32,
            cross: t.cross + cross,
        }
    }

    #[inline(always)]
    fn place_alone(&self, t: ClassicTally, q: &LaneSquare, value: i32) -> ClassicTally {
        debug_assert!(!q.has_cross);
        ClassicTally {
            main: t.main + value * q.letter_mult as i32,
            word_mult: t.word_mult * q.word_mult as i32,
            cross: t.cross,
        }
    }

    #[inline(always)]
    fn total(&self, t: &ClassicTally, placed: u32) -> i32 {
        let bonus = if placed == self.rack_size {
            self.bingo
        } else {
            0
        };
        t.main * t.word_mult + t.cross + bonus
    }

    #[inline(always)]
    fn blank_cut(&self, t: &ClassicTally, q: &LaneSquare, sq: u8) -> i32 {
        let v = self.values[(sq & 63) as usize] * q.letter_mult as i32;
        v * t.word_mult
            + if q.has_cross {
                v * q.word_mult as i32
            } else {
                0
            }
    }
}

/// Upwords scoring (see the [module](self) docs): per word, 2 a tile and
/// +2 for each Qu tile when every tile of the word lies at height 1, else
/// the sum of its stacks' heights; the main word and every perpendicular
/// word a placed tile forms or changes; the bingo bonus (+20) for a whole
/// rack. Tiles stack ([`Scoring::STACKING`]).
#[derive(Clone, Debug)]
pub struct Upwords {
    /// The Qu tile (0: the alphabet has none).
    qu: u8,
    rack_size: u32,
    bingo: i32,
}

/// [`Upwords`]' running totals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UpwordsTally {
    /// Sum of the main word's heights after the move.
    heights: i32,
    /// The main word's squares.
    tiles: i32,
    /// Qu bonuses in the main word.
    bonus: i32,
    /// Every square of the main word at height 1 after the move.
    flat: bool,
    /// Score of the perpendicular words formed so far.
    cross: i32,
}

/// The Qu bonus of a flat word.
const QU_BONUS: i32 = 2;
/// Points a tile of a flat word.
const FLAT_TILE: i32 = 2;

impl Scoring for Upwords {
    type Tally = UpwordsTally;
    const STACKING: bool = true;

    fn new(rules: &Rules, alphabet: &Alphabet) -> Upwords {
        Upwords {
            qu: alphabet.tile_by_label("QU").unwrap_or(0),
            rack_size: rules.rack_size as u32,
            bingo: rules.bingo_bonus,
        }
    }

    /// A tile's part in a flat word beyond its 2 points: the Qu bonus.
    #[inline(always)]
    fn value(&self, t: usize) -> i32 {
        if t != 0 && t == self.qu as usize {
            QU_BONUS
        } else {
            0
        }
    }

    /// A blank standing for QU earns no bonus (it scores as its letter,
    /// as a blank does in the classic game).
    #[inline(always)]
    fn square_value(&self, sq: u8) -> i32 {
        if sq & BLANK_FLAG != 0 {
            return 0;
        }
        self.value((sq & 63) as usize)
    }

    fn cross_sum(&self, height: u8, neighbours: &[(u8, u8)]) -> (i32, bool) {
        let flat = height == 0 && neighbours.iter().all(|&(_, h)| h == 1);
        let sum = if flat {
            // The placed tile's own 2 points are in; its Qu bonus comes
            // with `place`.
            let bonus: i32 = neighbours
                .iter()
                .map(|&(sq, _)| self.square_value(sq))
                .sum();
            FLAT_TILE * (neighbours.len() as i32 + 1) + bonus
        } else {
            neighbours.iter().map(|&(_, h)| h as i32).sum::<i32>() + height as i32 + 1
        };
        (sum, flat)
    }

    #[inline(always)]
    fn start(&self) -> UpwordsTally {
        UpwordsTally {
            heights: 0,
            tiles: 0,
            bonus: 0,
            flat: true,
            cross: 0,
        }
    }

    #[inline(always)]
    fn through(&self, t: UpwordsTally, q: &LaneSquare) -> UpwordsTally {
        UpwordsTally {
            heights: t.heights + q.height as i32,
            tiles: t.tiles + 1,
            bonus: t.bonus + self.square_value(q.tile),
            flat: t.flat && q.height == 1,
            cross: t.cross,
        }
    }

    #[inline(always)]
    fn place(&self, t: UpwordsTally, q: &LaneSquare, value: i32) -> UpwordsTally {
        let cross = if q.has_cross {
            q.cross_sum + if q.cross_flat { value } else { 0 }
        } else {
            0
        };
        UpwordsTally {
            heights: t.heights + q.height as i32 + 1,
            tiles: t.tiles + 1,
            bonus: t.bonus + value,
            flat: t.flat && q.height == 0,
            cross: t.cross + cross,
        }
    }

    #[inline(always)]
    fn total(&self, t: &UpwordsTally, placed: u32) -> i32 {
        let main = if t.flat {
            FLAT_TILE * t.tiles + t.bonus
        } else {
            t.heights
        };
        let bonus = if placed == self.rack_size {
            self.bingo
        } else {
            0
        };
        main + t.cross + bonus
    }

    /// Upwords has no blanks, but a rack may: a blank scores as a tile
    /// without the Qu bonus.
    #[inline(always)]
    fn blank_cut(&self, t: &UpwordsTally, q: &LaneSquare, sq: u8) -> i32 {
        let v = self.value((sq & 63) as usize);
        (if t.flat { v } else { 0 }) + (if q.has_cross && q.cross_flat { v } else { 0 })
    }
}
