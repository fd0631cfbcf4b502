//! [`TopN`]: the sink that keeps the best plays and ranks the anchors.

use std::cmp::Ordering;

use super::bound::{Pending, Scratch, Shadow};
use super::leave_table::LeaveIndex;
use super::reuse::{same_anchor, Reuse};
use super::spelled::{Bingos, Spelled};
use super::{Context, Play, Ranked};
use crate::lane::Lane;
use crate::leave::LeaveValue;
use crate::movegen::{Move, MoveSink, SearchPolicy};
use crate::scoring::Classic;

/// A sink that keeps the `n` best plays by equity and ranks every anchor by
/// a bound on what the plays found from it are worth, so that the search
/// stops at the first anchor that cannot rank (see the [module](crate::equity)
/// docs).
pub struct TopN<'a, L: LeaveValue> {
    pub(super) cx: Context<'a, L>,
    pub(super) n: usize,
    /// Sorted best first, at most `n`.
    pub(super) best: Vec<Ranked>,
    /// The equity a play needs to rank: the last kept one's once `n` are
    /// kept ([`TopN::full`]), else `-inf`.
    pub(super) floor: f32,
    pub(super) values: [i32; 64],
    pub(super) rack_size: usize,
    pub(super) bingo: i64,
    pub(super) leaves: LeaveIndex,
    /// What the rack can spell alone (see [`Spelled`]).
    pub(super) spelled: Spelled,
    pub(super) shadow: Shadow,
    /// In a cell: the bound reads `self` and writes here, and moving the
    /// scratch out and back instead copied 1.5 KB a lane.
    pub(super) scratch: std::cell::RefCell<Scratch>,
    /// The rack's bingo words, when the index can tell them (see
    /// [`Bingos`]).
    pub(super) bingos: Option<std::cell::RefCell<Bingos<'a>>>,
    /// By direction and line (`dir * 32 + line`), the anchors whose rank
    /// counts bingos not yet checked against their words: checked when
    /// their turn comes ([`SearchPolicy::rerank`]).
    pub(super) unchecked: [u32; 64],
    /// The unchecked anchors in the order ranked, and where each lane's
    /// begin (by [`lane_slot`]); their bingos' spans and leaves.
    pub(super) pending: Vec<Pending>,
    pub(super) pend_base: [u32; 64],
    pub(super) checks: Vec<(usize, usize, f32)>,
    pub(super) stats: Stats,
    /// The scoring is [`Scoring::CLASSIC`]: the bounds hold.
    pub(super) prune: bool,
    /// The classic scoring, for the bingos [`Bingos`] checks and places
    /// (only with `prune`: other scorings check none).
    pub(super) scoring: Classic,
    /// Another board's lanes and best plays: lanes equal to its are not
    /// searched, their plays among those offered (see [`super::reuse`]).
    pub(super) reuse: Option<Reuse<'a>>,
    /// The bounds are worked out with AVX2 (the CPU has it, and the
    /// generator's vector switch is on: [`Generator::set_vector_scan`]).
    ///
    /// [`Generator::set_vector_scan`]: crate::movegen::Generator::set_vector_scan
    // Read on x86-64 only: elsewhere there is no AVX2 twin (and it is false).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(super) avx2: bool,
}

/// How much of the board a best-play search looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Anchors searched.
    pub searched: usize,
    /// Anchors not searched: no move found from them could rank among the
    /// best.
    pub skipped: usize,
    /// Anchors searched without the rack's blank, where only bingos with
    /// it could rank: those were placed from the rack's words instead.
    pub bingos_placed: usize,
    /// The rack had more than 2^20 leaves (more than 20 tiles): its plays
    /// were valued one by one, and its exchanges, which could not be
    /// ranked without valuing every one, were left out.
    pub exchanges_unranked: bool,
}

impl<'a, L: LeaveValue> TopN<'a, L> {
    pub(super) fn offer(&mut self, r: Ranked) {
        if self.n == 0 {
            return;
        }
        if self.n > 64 {
            // Many wanted (every play, say): keep them all and sort once.
            self.best.push(r);
            return;
        }
        if self.best.len() == self.n && r.rank_cmp(self.best.last().unwrap()) != Ordering::Less {
            return;
        }
        let at = self
            .best
            .partition_point(|b| b.rank_cmp(&r) == Ordering::Less);
        self.best.insert(at, r);
        self.best.truncate(self.n);
        if self.full() {
            self.floor = self.best[self.best.len() - 1].equity;
        }
    }

    /// Whether a play of equity `e` could rank among the best. Ties could:
    /// a play of equal equity may come first in the order. Equities are
    /// `f32` sums, rounded the same way for plays and for bounds, so a
    /// bound rounds no lower than what it bounds.
    #[inline]
    pub(super) fn admits(&self, e: f32) -> bool {
        e >= self.floor
    }

    /// Offers the other board's best plays found on `lane` (from `anchor`
    /// only, if given), where the lane's squares are the same.
    fn offer_found(&mut self, r: Reuse<'a>, lane: &Lane<'_>, anchor: Option<usize>) {
        for t in r.found_on(lane, anchor) {
            if self.admits(t.equity) {
                self.offer(t.clone());
            }
        }
    }

    /// Whether `n` plays are kept, so that a play must beat the last.
    #[inline]
    pub(super) fn full(&self) -> bool {
        self.best.len() == self.n && self.n <= 64
    }
}

/// Where [`TopN::unchecked`] keeps a lane's anchors.
pub(super) fn lane_slot(lane: &Lane<'_>) -> usize {
    (lane.dir() as usize * 32 + lane.line()) & 63
}

impl<L: LeaveValue> MoveSink for TopN<'_, L> {
    fn push(&mut self, m: &Move) {
        // Most moves cannot rank, and most of those fail even with the best
        // leave of as many tiles: no code to work out then.
        let score = m.score as f32;
        if !self.admits(score + self.leaves.best_any) {
            return;
        }
        let most = self.leaves.best[m.placed.count_ones() as usize & 31];
        if !self.admits(score + most) {
            return;
        }
        if self.leaves.is_sparse() {
            // No table: valued as the exhaustive ranking values it.
            let r = self.cx.rank(Play::Place(*m), self.cx.leave_of(m));
            if self.admits(r.equity) {
                self.offer(r);
            }
            return;
        }
        // Value the rest without building anything.
        let e = m.score as f32 + self.leaves.adds(m);
        if !self.admits(e) {
            return;
        }
        let leave = self.cx.leave_of(m);
        self.offer(Ranked {
            play: Play::Place(*m),
            equity: e,
            leave,
        });
    }
}

impl<L: LeaveValue> SearchPolicy for TopN<'_, L> {
    fn lane(&mut self, lane: &Lane<'_>) -> bool {
        let Some(r) = self.reuse else {
            return true;
        };
        if r.base_lane(lane) != Some(lane.squares()) {
            return true;
        }
        // The same squares: the same plays, scored the same. Those among
        // the other board's best stand for the lane's.
        self.offer_found(r, lane, None);
        false
    }

    #[inline]
    fn may_want(&mut self, score: i32, placed: u32, blank: bool) -> bool {
        // A blank played leaves none kept: a leave of those is worth less.
        let best = match blank {
            true => &self.leaves.best_blank,
            false => &self.leaves.best,
        };
        self.admits(score as f32 + best[placed.min(32) as usize])
    }

    const RANKS_ANCHORS: bool = true;

    fn anchor_ranks(&mut self, lane: &Lane<'_>, ranks: &mut [f32]) {
        if !self.prune {
            // Bounds would not hold: every anchor alike, all searched
            // (and counted as ranked, as `worth` moves each to `searched`).
            ranks.fill(f32::INFINITY);
            self.stats.skipped += lane.squares().iter().filter(|q| q.is_anchor()).count();
            return;
        }
        if !self.shadow.ready {
            self.prepare_shadow(lane.rack());
        }
        let sqs = lane.squares();
        let mut unchecked = 0u32;
        let slot = lane_slot(lane);
        self.pend_base[slot] = self.pending.len() as u32;
        let base = self.reuse.and_then(|r| Some((r, r.base_lane(lane)?)));
        for (a, q) in sqs.iter().enumerate() {
            if q.is_anchor() {
                if let Some((r, b)) = base {
                    if same_anchor(b, sqs, a, self.shadow.reach) {
                        // Its plays are the other board's: those among
                        // its best stand for them (see `lane`).
                        self.offer_found(r, lane, Some(a));
                        ranks[a] = f32::NEG_INFINITY;
                        self.stats.skipped += 1;
                        continue;
                    }
                }
                let (bound, plain) = self.anchor_bound::<false, false>(sqs, a);
                ranks[a] = bound;
                if bound > plain {
                    unchecked |= 1 << (a & 31);
                    self.keep_checks(slot, a, plain);
                }
                self.stats.skipped += 1;
            }
        }
        self.unchecked[slot] = unchecked;
    }

    fn rerank(&mut self, lane: &Lane<'_>, pos: usize, rank: f32) -> f32 {
        let (slot, bit) = (lane_slot(lane), 1 << (pos & 31));
        // Below the floor the search stops here: a check could only lower
        // the rank.
        if self.unchecked[slot] & bit == 0 || !self.admits(rank) {
            return rank;
        }
        self.unchecked[slot] &= !bit;
        // Its rank counted bingos: now only those that fit.
        self.checked_bound(lane.squares(), slot, pos).min(rank)
    }

    fn blanks_wanted(&mut self, lane: &Lane<'_>, pos: usize) -> bool {
        if !self.prune {
            return true;
        }
        // The anchor's bound again, for plays that use a blank: their
        // leaves are other (a blank kept is worth much).
        let (bound, others) = self.anchor_bound::<true, true>(lane.squares(), pos);
        if !self.admits(bound) {
            return false;
        }
        if self.admits(others) {
            return true;
        }
        // Only bingos with a blank could rank, and their words are known:
        // they are placed here, and the anchor searched without the blank.
        let (spans, n) = {
            let sc = self.scratch.borrow();
            (sc.bingo_spans, sc.nbingo)
        };
        for &(start, len) in &spans[..n] {
            self.place_blank_bingos(lane, start, len);
        }
        self.stats.bingos_placed += 1;
        false
    }

    fn worth(&mut self, rank: f32) -> bool {
        let go = self.admits(rank);
        if go {
            self.stats.searched += 1;
            self.stats.skipped -= 1;
        }
        go
    }
}
