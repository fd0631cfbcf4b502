//! The leave table: every leave of the rack valued once per search, by a
//! code of the tiles a play uses.

use super::pool::Buffers;
use super::Context;
use crate::board::{tile_of, BLANK_FLAG};
use crate::leave::{settle, tiles_value, LeaveValue};
use crate::movegen::Move;
use crate::rack::Rack;

/// What keeping each leave of the rack adds to equity, found once per
/// search: indexed by a code of the tiles a play takes from the rack, so
/// that valuing a play costs a few additions and no leave lookup.
///
/// The code is mixed-radix: each kind of tile on the rack (the blank, for
/// blanks played as letters, is one) is a digit counting the copies used,
/// of radix one more than the copies on the rack. A rack of 7 tiles has at
/// most 2^7 = 128 codes.
#[derive(Clone)]
pub(super) struct LeaveIndex {
    /// What using one copy of tile `t` (0: a blank) adds to the code.
    pub(super) stride: [u32; 64],
    /// By code: what the leave adds to a play's score ([`equity`] of a
    /// play scoring 0), the end-of-game settlement with an empty bag.
    pub(super) adds: Vec<f32>,
    /// By number of tiles used: the most any such leave adds
    /// (`-inf` where no play uses that many).
    pub(super) best: [f32; 33],
    /// The most of those.
    pub(super) best_any: f32,
    /// By number of tiles used: the most any leave of a play that uses a
    /// blank adds (`-inf` where none does).
    pub(super) best_blank: [f32; 33],
    /// The rack's kinds of tile: (tile, copies + 1), the code's digits.
    pub(super) kinds: Vec<(usize, u32)>,
    pub(super) rack: [u8; 64],
}

/// The most leaves [`LeaveIndex`] values at once (4 MB of `f32`): every rack
/// of up to 20 tiles. A rack with more (a variant's rack of 63 tiles has up
/// to 2^63) is valued play by play instead, with no bounds, and its
/// exchanges, which would have to be valued one by one, are not ranked
/// (see [`Stats::exchanges_unranked`]).
pub(super) const MAX_LEAVE_CODES: u64 = 1 << 20;

impl LeaveIndex {
    /// Every leave of `rack`, valued in `cx`.
    /// Its vectors come from `pool` ([`LeaveIndex::give_back`] returns
    /// them).
    pub(super) fn new<L: LeaveValue>(
        cx: &Context<'_, L>,
        rack: &Rack,
        pool: &mut Buffers,
    ) -> LeaveIndex {
        let counts = rack.counts();
        let mut stride = [0u32; 64];
        let mut kinds = std::mem::take(&mut pool.kinds);
        kinds.clear();
        let mut size = 1u64;
        for (t, &c) in counts.iter().enumerate().filter(|(_, &c)| c > 0) {
            stride[t] = size.min(u32::MAX as u64) as u32;
            kinds.push((t, c as u32 + 1));
            size = size.saturating_mul(c as u64 + 1);
        }
        if size > MAX_LEAVE_CODES {
            // Too many leaves to value at once: no table, and bounds that
            // admit every play (see [`LeaveIndex::is_sparse`]).
            let mut adds = std::mem::take(&mut pool.adds);
            adds.clear();
            return LeaveIndex {
                stride,
                adds,
                best: [f32::INFINITY; 33],
                best_any: f32::INFINITY,
                best_blank: [f32::INFINITY; 33],
                kinds,
                rack: *counts,
            };
        }
        let mut adds = std::mem::take(&mut pool.adds);
        adds.clear();
        adds.resize(size as usize, 0.0);
        if cx.bag > 0 {
            // With tiles in the bag a leave adds its value: every value at
            // once, by the code of the tiles kept, which is the complement
            // of the code of the tiles used.
            cx.leaves.sub_leave_values(counts, &mut adds);
            adds.reverse();
            for a in adds.iter_mut() {
                // As `equity` adds a score of 0.
                *a += 0.0;
            }
        }
        // With an empty bag, the settlement: from the points the rack
        // keeps, counted as the codes are walked.
        let values = cx.alphabet.values();
        let rack_tiles: usize = kinds.iter().map(|&(_, r)| r as usize - 1).sum();
        let rack_points = tiles_value(cx.alphabet, counts);
        let opponent = tiles_value(cx.alphabet, &cx.opponent);
        let mut best = [f32::NEG_INFINITY; 33];
        let mut best_blank = [f32::NEG_INFINITY; 33];
        // The code's digits, least significant first, and the number and
        // points of the tiles it uses.
        let mut digits = std::mem::take(&mut pool.digits);
        digits.clear();
        digits.resize(kinds.len(), 0);
        let (mut used, mut points) = (0usize, 0i32);
        for add in adds.iter_mut() {
            if cx.bag == 0 {
                *add = settle(0, used < rack_tiles, rack_points - points, opponent);
            }
            if let Some(b) = best.get_mut(used) {
                *b = b.max(*add);
            }
            // The blank's kind, if any, is the first digit.
            if kinds.first().is_some_and(|k| k.0 == 0) && digits[0] > 0 {
                if let Some(b) = best_blank.get_mut(used) {
                    *b = b.max(*add);
                }
            }
            for (d, &(t, radix)) in digits.iter_mut().zip(&kinds) {
                *d += 1;
                used += 1;
                points += values[t];
                if *d < radix {
                    break;
                }
                *d = 0;
                used -= radix as usize;
                points -= radix as i32 * values[t];
            }
        }
        pool.digits = digits;
        LeaveIndex {
            stride,
            adds,
            best_any: best.iter().fold(f32::NEG_INFINITY, |a, &b| a.max(b)),
            best,
            best_blank,
            kinds,
            rack: *counts,
        }
    }

    /// A copy, in `pool`'s vectors.
    pub(super) fn copy_in(&self, pool: &mut Buffers) -> LeaveIndex {
        let (mut adds, mut kinds) = (
            std::mem::take(&mut pool.adds),
            std::mem::take(&mut pool.kinds),
        );
        adds.clone_from(&self.adds);
        kinds.clone_from(&self.kinds);
        LeaveIndex {
            stride: self.stride,
            adds,
            best: self.best,
            best_any: self.best_any,
            best_blank: self.best_blank,
            kinds,
            rack: self.rack,
        }
    }

    /// Makes this a copy of `other`, in the vectors it has.
    pub(super) fn copy_from(&mut self, other: &LeaveIndex) {
        self.stride = other.stride;
        self.adds.clone_from(&other.adds);
        self.best = other.best;
        self.best_any = other.best_any;
        self.best_blank = other.best_blank;
        self.kinds.clone_from(&other.kinds);
        self.rack = other.rack;
    }

    /// Gives its vectors back to `pool`.
    pub(super) fn give_back(self, pool: &mut Buffers) {
        pool.adds = self.adds;
        pool.kinds = self.kinds;
    }

    /// Whether the rack had too many leaves to value at once
    /// ([`MAX_LEAVE_CODES`]): plays are then valued one by one.
    pub(super) fn is_sparse(&self) -> bool {
        self.adds.is_empty()
    }

    /// The tiles code `code` uses, those it keeps, and how many it uses.
    pub(super) fn decode(&self, code: u32) -> ([u8; 64], [u8; 64], usize) {
        let (mut used, mut kept) = ([0u8; 64], self.rack);
        let (mut rest, mut total) = (code, 0usize);
        for &(t, radix) in &self.kinds {
            let u = (rest % radix) as u8;
            rest /= radix;
            used[t] = u;
            kept[t] -= u;
            total += u as usize;
        }
        (used, kept, total)
    }

    /// What the leave of `m` adds to its score.
    #[inline]
    pub(super) fn adds(&self, m: &Move) -> f32 {
        let mut code = 0u32;
        let mut bits = m.placed;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let sq = m.word[i % m.word.len()];
            let t = if sq & BLANK_FLAG != 0 { 0 } else { tile_of(sq) };
            code += self.stride[t as usize & 63];
        }
        self.adds[code as usize]
    }
}

/// The rack holding `counts`.
pub(super) fn rack_of(counts: &[u8; 64]) -> Rack {
    // Parts of a rack: never more tiles than it.
    Rack::from_counts(*counts).expect("a part of a rack holds at most 255 tiles")
}
