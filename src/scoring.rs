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
//! set where tiles stack (Upwords) scores by heights through the same
//! interface. Each search is compiled for its `Scoring` type, so the
//! classic rules cost what hand-written arithmetic would.

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

    /// The scoring of `rules` for tiles of `alphabet`.
    fn new(rules: &Rules, alphabet: &Alphabet) -> Self;

    /// Points of tile `t` placed from the rack (0 is the blank).
    fn value(&self, t: usize) -> i32;

    /// Points of a square's contents as the board holds them (a tile,
    /// with [`BLANK_FLAG`] for a blank).
    fn square_value(&self, sq: u8) -> i32;

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
    wm: i32,
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

    #[inline(always)]
    fn start(&self) -> ClassicTally {
        ClassicTally {
            main: 0,
            wm: 1,
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
        let lv = value * q.lm as i32;
        let cross = if q.has_cross {
            (q.csum + lv) * q.wm as i32
        } else {
            0
        };
        ClassicTally {
            main: t.main + lv,
            wm: t.wm * q.wm as i32,
            cross: t.cross + cross,
        }
    }

    #[inline(always)]
    fn place_alone(&self, t: ClassicTally, q: &LaneSquare, value: i32) -> ClassicTally {
        debug_assert!(!q.has_cross);
        ClassicTally {
            main: t.main + value * q.lm as i32,
            wm: t.wm * q.wm as i32,
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
        t.main * t.wm + t.cross + bonus
    }

    #[inline(always)]
    fn blank_cut(&self, t: &ClassicTally, q: &LaneSquare, sq: u8) -> i32 {
        let v = self.values[(sq & 63) as usize] * q.lm as i32;
        v * t.wm + if q.has_cross { v * q.wm as i32 } else { 0 }
    }
}
