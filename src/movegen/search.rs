//! The line search both generators share: a line's squares, the rack,
//! the sink, and what a found move goes through before the sink sees it.

use std::cmp::Ordering;

use super::moves::Move;
use super::sink::MoveSink;
use super::{dawg, gaddag};
use crate::board::{Dir, BLANK_FLAG};
use crate::crosscheck::{Lanes, Structure};
use crate::format::{TopIndex, Widths};
use crate::lane::{Lane, LaneSquare};
use crate::rules::MAX_SIZE;
use crate::scoring::Scoring;

/// What a line search needs, shared by both algorithms.
pub(crate) struct LineCtx<'a, S: MoveSink, R: Scoring> {
    /// The line's squares; index with `pos & 31` (`n <= 31`), which lets the
    /// compiler drop bounds checks in the recursion.
    pub sqs: [LaneSquare; 32],
    pub line: usize,
    pub dir: Dir,
    pub n: usize,
    /// Tile values and how moves add up.
    pub scoring: &'a R,
    /// The lexicon's top nodes, indexed: every anchor's search starts there.
    pub top: &'a TopIndex,
    pub sink: &'a mut S,
    /// Square contents being built, by position on the line.
    pub cur: [u8; 32],
    pub rack: [u8; 64],
    /// The rack when the search started: what [`LineCtx::record`] may pay
    /// for a move's letters with, blanks included.
    pub rack_start: [u8; 64],
    /// Bit `t` set for every tile `t` of the alphabet (not the blank).
    pub alphabet_mask: u64,
    /// Bit `t` set while tile `t` is on the rack (bit 0: a blank).
    pub present: u64,
    /// Tiles on the rack when the search started (a search counts the
    /// tiles it has placed in its square mask).
    pub tiles_total: u32,
    /// GADDAG search: the anchor, and the last square of the tiles on the
    /// board right after it (the anchor itself when there are none).
    pub anchor: usize,
    pub run_end: usize,
    /// GADDAG search: the square after `run_end` is empty or off the board.
    pub right_free: bool,
    /// Stacking rules: bit `pos` set for each square of the line holding a
    /// tile before the move.
    pub occupied: u32,
    /// Blanks set aside for the current anchor's search
    /// ([`SearchPolicy::blanks_wanted`]), to put back after it.
    pub blanks_aside: u8,
}

impl<S: MoveSink, R: Scoring> LineCtx<'_, S, R> {
    /// Points the search at one lane: its squares, line and direction (the
    /// rest of the state is restored by every search).
    pub(super) fn load_lane(&mut self, dir: Dir, line: usize, squares: &[LaneSquare]) {
        self.sqs[..squares.len()].copy_from_slice(squares);
        self.n = squares.len();
        self.line = line;
        self.dir = dir;
        if R::STACKING {
            self.occupied = squares
                .iter()
                .enumerate()
                .fold(0, |m, (p, q)| m | ((q.tile != 0) as u32) << p);
        }
    }

    /// Stacking rules: whether a move placing `mask` on the word
    /// `start..=end` leaves a letter of every word on the line visible (a
    /// move may not cover every square of a run of two or more tiles; runs
    /// across the line hold one placed tile at most, so only the line's own
    /// runs can be covered).
    #[inline]
    fn leaves_words_visible(&self, start: usize, end: usize, mask: u32) -> bool {
        let span = ((1u64 << (end + 1)) - (1u64 << start)) as u32;
        let mut runs = self.occupied & span;
        while runs != 0 {
            let lo = runs.trailing_zeros();
            let len = (!(runs >> lo)).trailing_zeros();
            let run = (((1u64 << len) - 1) << lo) as u32;
            if len >= 2 && run & !mask == 0 {
                return false;
            }
            runs &= !run;
        }
        true
    }

    /// Tiles that can be placed: those on the rack, or with a blank every
    /// tile of the alphabet (a corrupt file's edges may carry others).
    #[inline]
    pub fn rack_mask(&self) -> u64 {
        if self.rack[0] > 0 {
            self.alphabet_mask
        } else {
            self.present
        }
    }

    /// Takes tile `slot` (0 = blank) from the rack.
    #[inline]
    pub fn take(&mut self, slot: usize) {
        self.rack[slot & 63] -= 1;
        // Without a branch: whether this was the last copy is data, and
        // mispredicts.
        self.present &= !(((self.rack[slot & 63] == 0) as u64) << (slot & 63));
    }

    /// Puts tile `slot` back.
    #[inline]
    pub fn put_back(&mut self, slot: usize) {
        self.rack[slot & 63] += 1;
        self.present |= 1 << (slot & 63);
    }

    /// Square `pos` of the line.
    #[inline(always)]
    pub fn at(&self, pos: usize) -> &LaneSquare {
        &self.sqs[pos & 31]
    }

    /// Contents of square `pos` (0 = empty).
    #[inline(always)]
    pub fn sq(&self, pos: usize) -> u8 {
        self.sqs[pos & 31].tile
    }

    /// Whether the sink wants the moves from anchor `a` searched.
    #[inline(always)]
    pub fn wants_anchor(&mut self, a: usize) -> bool {
        let lane = Lane {
            dir: self.dir,
            line: self.line,
            squares: &self.sqs[..self.n],
            rack: &self.rack_start,
        };
        self.sink.anchor(&lane, a)
    }

    /// Sets the rack's blanks aside for the search of anchor `a` if the
    /// sink wants no move that plays one ([`SearchPolicy::blanks_wanted`]):
    /// the anchor is then searched as if the rack had none, until
    /// [`LineCtx::restore_blanks`]. Called before the search starts, when
    /// `rack` and `rack_start` agree.
    fn set_blanks_aside(&mut self, a: usize) {
        if self.rack[0] == 0 {
            return;
        }
        let lane = Lane {
            dir: self.dir,
            line: self.line,
            squares: &self.sqs[..self.n],
            rack: &self.rack_start,
        };
        if self.sink.blanks_wanted(&lane, a) {
            return;
        }
        let b = self.rack[0];
        self.blanks_aside = b;
        self.rack[0] = 0;
        self.rack_start[0] = 0;
        self.present &= !1;
        self.tiles_total -= b as u32;
    }

    /// Puts back the blanks set aside for the anchor just searched.
    #[inline]
    fn restore_blanks(&mut self) {
        let b = std::mem::take(&mut self.blanks_aside);
        if b > 0 {
            self.rack[0] = b;
            self.rack_start[0] = b;
            self.present |= 1;
            self.tiles_total += b as u32;
        }
    }

    /// Takes letter `t` for the search: the real tile while the rack has
    /// one, else a blank. Returns the slot taken (`t` or 0), for
    /// [`put_back`] and for the letter's score (`Scoring::value` of 0 is
    /// the blank's).
    ///
    /// The search does not branch on "tile or blank": it places *letters*,
    /// each path once, paying with real tiles first, and [`record`] lists
    /// every other way the rack can pay for them. With a blank on the rack
    /// this explores each word once instead of once per blank assignment.
    ///
    /// [`put_back`]: LineCtx::put_back
    /// [`record`]: LineCtx::record
    #[inline(always)]
    pub fn take_letter(&mut self, t: usize) -> usize {
        let slot = if self.rack[t & 63] != 0 { t } else { 0 };
        // Callers take only letters of `rack_mask()`.
        debug_assert!(self.rack[slot & 63] != 0, "letter {t} not on the rack");
        self.take(slot);
        slot
    }

    /// Square contents for letter `t` taken from `slot`.
    #[inline(always)]
    pub fn letter_sq(t: usize, slot: usize) -> u8 {
        t as u8 | if slot == 0 { BLANK_FLAG } else { 0 }
    }

    /// Takes letter `t` ([`LineCtx::take_letter`]) and writes it on square
    /// `pos`; returns the slot, for [`LineCtx::put_back`] and the score.
    #[inline(always)]
    pub fn put_letter(&mut self, pos: usize, t: usize) -> usize {
        let slot = self.take_letter(t);
        self.cur[pos & 31] = Self::letter_sq(t, slot);
        slot
    }

    /// Emits the move whose main word spans `start..=end` (with blanks on
    /// the rack, every blank assignment of it: see [`LineCtx::take_letter`]).
    /// `placed` is `mask.count_ones()`, counted by the caller: the walk's
    /// twins have the POPCNT instruction, this function (not inlined) has
    /// the baseline's dozen instructions for it.
    #[inline]
    pub fn record(&mut self, start: usize, end: usize, mask: u32, placed: u32, tally: R::Tally) {
        debug_assert_eq!(placed, mask.count_ones());
        if end == start {
            return; // a one-tile word is no word
        }
        if R::STACKING && mask & self.occupied != 0 && !self.leaves_words_visible(start, end, mask)
        {
            return;
        }
        if placed == 1 && self.dir == Dir::Down {
            // A single tile that also forms an across word is listed across.
            let p = mask.trailing_zeros() as usize;
            if self.at(p).has_cross {
                return;
            }
        }
        let score = self.scoring.total(&tally, placed);
        if S::RANKS_ANCHORS {
            // The most any blank assignment of the move scores: with real
            // tiles wherever the search paid with a blank. A sink may
            // refuse them all now.
            let mut most = score;
            let spent = self.rack[0] != self.rack_start[0];
            if spent {
                let mut bits = mask;
                while bits != 0 {
                    let p = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let sq = self.cur[p & 31];
                    if sq & BLANK_FLAG != 0 {
                        most += self.scoring.blank_cut(&tally, self.at(p), sq);
                    }
                }
            }
            if !self.sink.may_want(most, placed, spent) {
                return;
            }
        }
        let len = end - start + 1;
        let mut m = Move {
            dir: self.dir,
            row: 0,
            col: 0,
            len: len as u8,
            word: [0; MAX_SIZE],
            placed: mask >> start,
            score,
        };
        m.word[..len].copy_from_slice(&self.cur[start..=end]);
        match self.dir {
            Dir::Across => {
                m.row = self.line as u8;
                m.col = start as u8;
            }
            Dir::Down => {
                m.row = start as u8;
                m.col = self.line as u8;
            }
        }
        if self.rack_start[0] == 0 {
            self.sink.push(&m);
        } else {
            self.record_blanks(&mut m, start, &tally);
        }
    }

    /// What a blank instead of the real letter on word square `i` takes
    /// off the score: the letter in the main word and in its cross word.
    #[inline(always)]
    fn blank_cut(&self, m: &Move, start: usize, i: usize, tally: &R::Tally) -> i32 {
        self.scoring
            .blank_cut(tally, self.at(start + i), m.word[i % MAX_SIZE])
    }

    /// Emits `m`, found paying real tiles first, and every other blank
    /// assignment the starting rack can pay for.
    #[inline(never)]
    fn record_blanks(&mut self, m: &mut Move, start: usize, tally: &R::Tally) {
        // Placed squares where the search paid with a blank (none while a
        // blank is still on the rack, with one blank).
        let greedy = |m: &Move| {
            let mut g = 0u32;
            let mut bits = m.placed;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                g |= ((m.word[i % MAX_SIZE] & BLANK_FLAG != 0) as u32) << i;
            }
            g
        };
        if self.rack_start[0] == 1 {
            // One blank: on any placed letter if the real tiles paid for all
            // of them, else on any placed copy of the letter it paid for.
            self.sink.push(m);
            let mut bits = m.placed;
            if self.rack[0] == 0 {
                // The blank was spent, so it went on a placed square.
                let g = greedy(m);
                debug_assert!(g != 0, "blank spent but not placed");
                let j = g.trailing_zeros() as usize;
                m.word[j % MAX_SIZE] &= !BLANK_FLAG;
                m.score += self.blank_cut(m, start, j, tally);
                let letter = m.word[j % MAX_SIZE];
                bits &= !(1 << j);
                while bits != 0 {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if m.word[i % MAX_SIZE] == letter {
                        self.push_blank_at(m, start, i, tally);
                    }
                }
            } else {
                while bits != 0 {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    self.push_blank_at(m, start, i, tally);
                }
            }
            return;
        }
        // Two or more blanks: back to real letters everywhere, then choose
        // square by square.
        let mut g = greedy(m);
        while g != 0 {
            let j = g.trailing_zeros() as usize;
            g &= g - 1;
            m.word[j % MAX_SIZE] &= !BLANK_FLAG;
            m.score += self.blank_cut(m, start, j, tally);
        }
        let mut at = [0u8; 32];
        let mut cut = [0i32; 32];
        let mut k = 0;
        let mut bits = m.placed;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            at[k & 31] = i as u8;
            cut[k & 31] = self.blank_cut(m, start, i, tally);
            k += 1;
        }
        let mut avail = self.rack_start;
        assign(self.sink, m, &at[..k], &cut[..k], &mut avail);
    }

    /// Emits `m` with a blank on word square `i` (and leaves `m` as it was).
    #[inline(always)]
    fn push_blank_at(&mut self, m: &mut Move, start: usize, i: usize, tally: &R::Tally) {
        let cut = self.blank_cut(m, start, i, tally);
        m.word[i % MAX_SIZE] |= BLANK_FLAG;
        m.score -= cut;
        self.sink.push(m);
        m.word[i % MAX_SIZE] &= !BLANK_FLAG;
        m.score += cut;
    }
}

/// Chooses, for each placed letter in turn, the real tile or a blank, as
/// `avail` allows, and emits every complete choice.
pub(super) fn assign<S: MoveSink>(
    sink: &mut S,
    m: &mut Move,
    at: &[u8],
    cut: &[i32],
    avail: &mut [u8; 64],
) {
    let Some((&i, rest)) = at.split_first() else {
        sink.push(m);
        return;
    };
    let i = i as usize % MAX_SIZE;
    let t = (m.word[i] & 63) as usize;
    if avail[t] != 0 {
        avail[t] -= 1;
        assign(sink, m, rest, &cut[1..], avail);
        avail[t] += 1;
    }
    if avail[0] != 0 {
        avail[0] -= 1;
        m.word[i] |= BLANK_FLAG;
        m.score -= cut[0];
        assign(sink, m, rest, &cut[1..], avail);
        m.score += cut[0];
        m.word[i] &= !BLANK_FLAG;
        avail[0] += 1;
    }
}

/// The search of a sink that ranks anchors ([`SearchPolicy::RANKS_ANCHORS`]):
/// every anchor of every lane ranked, then searched best first until the
/// sink says no anchor left is worth it. `ranked` is scratch space.
#[inline(never)]
pub(super) fn ranked_search<S: MoveSink, R: Scoring, W: Widths>(
    ctx: &mut LineCtx<'_, S, R>,
    lanes: &[&Lanes],
    ranked: &mut Vec<(f32, u32)>,
    structure: Structure<'_, W>,
) {
    ranked.clear();
    let mut ranks = [0f32; 32];
    for (d, lanes) in lanes.iter().enumerate() {
        let n = lanes.n;
        for line in 0..n {
            if !lanes.line_has_anchor[line] {
                continue;
            }
            let lane = Lane {
                dir: if d == 0 { Dir::Across } else { Dir::Down },
                line,
                squares: &lanes.squares[line * n..(line + 1) * n],
                rack: &ctx.rack_start,
            };
            if !ctx.sink.lane(&lane) {
                continue;
            }
            ctx.sink.anchor_ranks(&lane, &mut ranks[..n]);
            for (pos, q) in lane.squares.iter().enumerate() {
                // An anchor ranked `-inf` yields nothing the sink wants.
                if q.anchor && ranks[pos] != f32::NEG_INFINITY {
                    // Board order in the key: direction, line, square.
                    ranked.push((ranks[pos], (d * 1024 + line * 32 + pos) as u32));
                }
            }
        }
    }
    // Best rank first, ties in board order (keys are distinct: a total
    // order). A search usually stops within the first quarter, so the
    // anchors are put in order a block at a time: the best `BLOCK` picked
    // out (linear time), sorted, searched; then the next block. Those in
    // order are `ranked[i..sorted]`.
    const BLOCK: usize = 32;
    let order = |a: &(f32, u32), b: &(f32, u32)| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1));
    let mut current = u32::MAX;
    let (mut i, mut sorted) = (0, 0);
    while i < ranked.len() {
        if i == sorted {
            let rest = &mut ranked[i..];
            if rest.len() > BLOCK {
                rest.select_nth_unstable_by(BLOCK - 1, order);
            }
            let end = rest.len().min(BLOCK);
            rest[..end].sort_unstable_by(order);
            sorted = i + end;
        }
        let (rank, key) = ranked[i];
        let (d, line, pos) = (
            key as usize / 1024,
            key as usize / 32 % 32,
            key as usize % 32,
        );
        let n = lanes[d].n;
        let dir = if d == 0 { Dir::Across } else { Dir::Down };
        let squares = &lanes[d].squares[line * n..(line + 1) * n];
        let lane = Lane {
            dir,
            line,
            squares,
            rack: &ctx.rack_start,
        };
        let again = ctx.sink.rerank(&lane, pos, rank);
        if again < rank {
            // Back in order at its new rank: among those sorted, or after
            // them (with the rest, all ranked below the sorted ones).
            let moved = (again, key);
            let mut j = i + 1;
            while j < sorted && order(&ranked[j], &moved) == Ordering::Less {
                j += 1;
            }
            ranked[i] = moved;
            if j < sorted || sorted == ranked.len() {
                ranked[i..j].rotate_left(1);
            } else {
                ranked[i..].rotate_left(1);
                sorted -= 1;
            }
            continue;
        }
        i += 1;
        if !ctx.sink.worth(rank) {
            break;
        }
        if key / 32 != current {
            current = key / 32;
            ctx.load_lane(dir, line, squares);
        }
        if !ctx.wants_anchor(pos) {
            continue;
        }
        ctx.set_blanks_aside(pos);
        match structure {
            Structure::Dawg(e) => dawg::search_anchor(ctx, &e, pos),
            Structure::Gaddag(e) => gaddag::search_anchor(ctx, &e, pos),
        }
        ctx.restore_blanks();
    }
}
