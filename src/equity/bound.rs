//! The bound on an anchor: the most a play found from it can be worth.

use super::top::TopN;
use crate::anagrams::WORDS_MAX_LEN;
use crate::board::{tile_of, BLANK_FLAG};
use crate::lane::LaneSquare;
use crate::leave::LeaveValue;

/// What the bound of an anchor needs besides its lane, set up once per
/// search (from the rack the generator sees, the first time it asks).
#[derive(Default)]
pub(super) struct Shadow {
    pub(super) ready: bool,
    /// Tiles on the rack that can be placed (the first 32 count).
    pub(super) tiles: usize,
    /// Every tile on the rack: how far a move may reach.
    pub(super) reach: usize,
    /// The rack's tile values, highest first (blanks 0).
    pub(super) values: [i64; 32],
    /// By count `r` (up to 8): the `r` most valuable tiles, then zeros, so
    /// that pairing them with multipliers is eight multiplications, with no
    /// loop that exits at a different count each time.
    pub(super) top: [[i32; 8]; 9],
    /// The largest product of word premiums for which eight lanes of 32
    /// bits hold the effective multipliers and their sum with `top`.
    pub(super) lanes_wm_max: i64,
    /// Tiles that can be placed: the rack's, or every one with a blank.
    pub(super) mask: u64,
    /// The rack's kinds of letter (blanks aside): (bit of the tile, its
    /// value), highest value first, for the best tile a square accepts.
    pub(super) kinds: [(u64, i64); 32],
    pub(super) nkinds: usize,
}

impl Shadow {
    /// The most a rack tile that square mask `allowed` accepts is worth
    /// (a blank: 0).
    #[inline]
    pub(super) fn best_on(&self, allowed: u64) -> i64 {
        for &(bit, v) in &self.kinds[..self.nkinds] {
            if allowed & bit != 0 {
                return v;
            }
        }
        0
    }
}

/// Scratch space of [`TopN::anchor_bound`], kept so that it is not
/// cleared for every anchor (every entry is written before it is read).
#[derive(Default)]
pub(super) struct Scratch {
    /// Square placed on, points of the tiles read after it, how many
    /// tiles those are and the first of them.
    pub(super) steps: [(usize, i64, u32, u8); 32],
    pub(super) letter_mults: [i64; 32],
    pub(super) cross_mults: [i64; 32],
    pub(super) effective: [i64; 32],
    /// The spans (first square, length) of the bingos that fit, found by
    /// the last exact bound.
    pub(super) bingo_spans: [(usize, usize); 32],
    pub(super) nbingo: usize,
    /// The bingos the last bound without `CHECK` counted unchecked: span
    /// (first square, length) and leave, so that the check needs only
    /// their words ([`TopN::checked_bound`]). One a left extent at most.
    pub(super) checks: [(usize, usize, f32); 32],
    pub(super) nchecks: usize,
}

/// Puts `v` among the eight lanes `e` (highest first; `i32::MIN` where
/// empty), dropping the lowest: every lane takes the larger of itself and
/// the smaller of `v` and the lane before it, lane-wise steps a compiler
/// turns into vector code.
#[inline(always)]
fn insert8(e: [i32; 8], v: i32) -> [i32; 8] {
    let before = [i32::MAX, e[0], e[1], e[2], e[3], e[4], e[5], e[6]];
    std::array::from_fn(|k| e[k].max(before[k].min(v)))
}

/// An anchor whose rank counts unchecked bingos: where its lane and
/// square are, its bound without them, and its bingos in
/// [`TopN::checks`].
#[derive(Clone, Copy)]
pub(super) struct Pending {
    pub(super) slot: u8,
    pub(super) pos: u8,
    pub(super) plain: f32,
    pub(super) first: u32,
    pub(super) count: u32,
}

impl<L: LeaveValue> TopN<'_, L> {
    pub(super) fn prepare_shadow(&mut self, rack: &[u8; 64]) {
        let sh = &mut self.shadow;
        sh.ready = true;
        let mut k = 0;
        for (t, &c) in rack.iter().enumerate() {
            for _ in 0..c {
                if k < sh.values.len() {
                    sh.values[k] = self.values[t] as i64;
                    k += 1;
                }
            }
        }
        sh.tiles = k;
        sh.reach = rack.iter().map(|&c| c as usize).sum();
        sh.values[..k].sort_unstable_by(|a, b| b.cmp(a));
        for (r, top) in sh.top.iter_mut().enumerate() {
            for (i, v) in top.iter_mut().enumerate() {
                *v = if i < r { sh.values[i] as i32 } else { 0 };
            }
        }
        // A lane holds a letter premium times the word premiums plus a
        // cross word's premiums (each premium at most 255); eight of them
        // times tiles worth at most the rack's best stay under 2^31.
        let most = sh.values[0].clamp(1, i32::MAX as i64);
        sh.lanes_wm_max = ((i32::MAX as i64 / (8 * most)) - 255 * 255) / 255;
        let mut nk = 0;
        for (t, &c) in rack.iter().enumerate().skip(1) {
            if c > 0 && nk < sh.kinds.len() {
                sh.kinds[nk] = (1u64 << (t & 63), self.values[t] as i64);
                nk += 1;
            }
        }
        sh.nkinds = nk;
        sh.kinds[..nk].sort_by_key(|k| std::cmp::Reverse(k.1));
        sh.mask = if rack[0] > 0 {
            !1
        } else {
            (1..64)
                .filter(|&t| rack[t] > 0)
                .fold(0u64, |m, t| m | 1 << t)
        };
    }

    /// The most a play found from anchor `a` (see
    /// [`SearchPolicy::anchor`](crate::movegen::SearchPolicy::anchor)) can be worth: for each way of reaching out from
    /// the anchor, left onto empty squares or through the tiles there, right
    /// onto empty squares some rack tile may go on and through tiles,
    /// with `k` tiles placed, the rack's `k` best tiles on the squares'
    /// best effective multipliers (letter premium × the word premiums,
    /// plus the cross word's), the cross words' and board tiles' points,
    /// the bingo bonus with a full rack, and the best leave of `k` tiles
    /// used.
    ///
    /// A bingo on a span of the placed tiles alone or through up to three
    /// board tiles counts with `CHECK` only if one of the rack's words fits there
    /// ([`Bingos`]), and then at what the best of those scores. The second
    /// value is the bound without the bingos the index can check (those
    /// through at most three board tiles, with at most one blank); with
    /// `CHECK`, the spans of those that fit are left in the scratch space.
    pub(super) fn anchor_bound<const BLANK: bool, const CHECK: bool>(
        &self,
        sqs: &[LaneSquare],
        a: usize,
    ) -> (f32, f32) {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only where the CPU has AVX2
            // (`simd::has_avx2`), the one feature the twin is compiled for. Run
            // by every best-move test on such a CPU;
            // `the_avx2_bound_is_the_plain_one` holds the two to the same
            // results.
            return unsafe { self.anchor_bound_avx2::<BLANK, CHECK>(sqs, a) };
        }
        self.anchor_bound_body::<BLANK, CHECK>(sqs, a)
    }

    /// [`TopN::anchor_bound`] compiled with AVX2, where the eight lanes
    /// of multipliers are one vector.
    ///
    /// # Safety
    ///
    /// The CPU has AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn anchor_bound_avx2<const BLANK: bool, const CHECK: bool>(
        &self,
        sqs: &[LaneSquare],
        a: usize,
    ) -> (f32, f32) {
        self.anchor_bound_body::<BLANK, CHECK>(sqs, a)
    }

    /// [`TopN::anchor_bound`], compiled into each caller.
    #[inline(always)]
    pub(super) fn anchor_bound_body<const BLANK: bool, const CHECK: bool>(
        &self,
        sqs: &[LaneSquare],
        a: usize,
    ) -> (f32, f32) {
        let sh = &self.shadow;
        let rt = sh.tiles;
        if rt == 0 || sqs[a].allowed() & sh.mask == 0 {
            return (f32::NEG_INFINITY, f32::NEG_INFINITY);
        }
        let mut bingos = self.bingos.as_ref().map(|b| b.borrow_mut());
        let checkable = bingos.as_ref().is_some_and(|b| b.checkable());
        let n = sqs.len();
        let value = |sq: u8| -> i64 {
            if sq & BLANK_FLAG != 0 {
                0
            } else {
                self.values[tile_of(sq) as usize & 63] as i64
            }
        };
        // Left: the tiles right before the anchor, or up to `room` empty
        // squares that are not anchors (and so form no cross word).
        // With how many board tiles, and the first of them, for what the
        // word can spell.
        let (mut left_board, mut room) = (0i64, 0usize);
        let (mut left_count, mut left_tile) = (0u32, 0u8);
        if a > 0 && sqs[a - 1].tile() != 0 {
            let mut k = a;
            while k > 0 && sqs[k - 1].tile() != 0 {
                k -= 1;
                left_board += value(sqs[k].tile());
                left_count += 1;
                left_tile = tile_of(sqs[k].tile());
            }
        } else {
            while room + 1 < rt
                && room < a
                && sqs[a - room - 1].tile() == 0
                && !sqs[a - room - 1].is_anchor()
            {
                room += 1;
            }
        }
        // Right: each step places a tile on the next empty square (the
        // anchor first) and reads the tiles after it; an empty square no
        // rack tile may go on ends the reach.
        let Scratch {
            steps,
            letter_mults,
            cross_mults,
            effective,
            bingo_spans,
            nbingo,
            checks,
            nchecks,
        } = &mut *self.scratch.borrow_mut();
        *nbingo = 0;
        *nchecks = 0;
        let mut ns = 0;
        let mut j = a;
        loop {
            let (mut k, mut b) = (j + 1, 0i64);
            while k < n && sqs[k].tile() != 0 {
                b += value(sqs[k].tile());
                k += 1;
            }
            let first = if k > j + 1 {
                tile_of(sqs[j + 1].tile())
            } else {
                0
            };
            steps[ns] = (j, b, (k - j - 1) as u32, first);
            ns += 1;
            if ns == rt || ns == steps.len() || k >= n || sqs[k].allowed() & sh.mask == 0 {
                break;
            }
            j = k;
        }
        // Racks of up to 8 tiles: the multipliers in eight fixed lanes of
        // 32 bits (one vector register), where the word premiums of every
        // square the anchor reaches keep the products in range.
        let narrow = rt <= 8 && {
            let wm_all = (a - room..a)
                .chain(steps[..ns].iter().map(|s| s.0))
                .fold(1i64, |m, p| m.saturating_mul(sqs[p].word_mult() as i64));
            wm_all <= sh.lanes_wm_max
        };
        let mut lanes = [i32::MIN; 8];
        let (mut best, mut plain) = (f32::NEG_INFINITY, f32::NEG_INFINITY);
        for l in 0..=room {
            let (mut np, mut wm, mut cross, mut board) = (0usize, 1i64, 0i64, left_board);
            let (mut reads, mut read) = (left_count, left_tile);
            // The same tiles' worth if every square got the best tile it
            // accepts (repeats allowed): `wm * by_letter + by_cross`, a
            // second bound, lower where cross-checks keep the big tiles
            // off the big squares.
            let (mut by_letter, mut by_cross) = (0i64, 0i64);
            let top = sh.best_on(u64::MAX);
            // How many of this span's squares `effective` holds, in order.
            let mut in_order = 0usize;
            for i in 1..=l {
                let q = &sqs[a - i];
                letter_mults[np] = q.letter_mult() as i64;
                cross_mults[np] = 0;
                wm *= q.word_mult() as i64;
                by_letter += letter_mults[np] * top;
                np += 1;
            }
            for &(p, b, c, first) in &steps[..ns.min(rt - l)] {
                if reads == 0 {
                    read = first;
                }
                reads += c;
                let q = &sqs[p];
                let (lm, qwm) = (q.letter_mult() as i64, q.word_mult() as i64);
                letter_mults[np] = lm;
                cross_mults[np] = 0;
                let v = sh.best_on(q.allowed());
                by_letter += lm * v;
                if q.has_cross() {
                    cross_mults[np] = lm * qwm;
                    cross += q.cross_sum() as i64 * qwm;
                    by_cross += lm * qwm * v;
                }
                wm *= qwm;
                board += b;
                np += 1;
                // The effective multipliers, highest first, meet the
                // highest tiles. A square without a word premium leaves the
                // others' as they were: only the new one is put in place.
                let from = if qwm == 1 { in_order } else { 0 };
                in_order = np;
                if narrow {
                    // Eight lanes, those past the multipliers in place at
                    // `i32::MIN`: each insertion is the same lane-wise
                    // steps, with no branch on where the new one goes.
                    if from == 0 {
                        lanes = [i32::MIN; 8];
                    }
                    for i in from..np {
                        lanes = insert8(lanes, (letter_mults[i] * wm + cross_mults[i]) as i32);
                    }
                } else {
                    for i in from..np {
                        let v = letter_mults[i] * wm + cross_mults[i];
                        let mut k = i;
                        while k > 0 && effective[k - 1] < v {
                            effective[k] = effective[k - 1];
                            k -= 1;
                        }
                        effective[k] = v;
                    }
                }
                // The word is the placed tiles alone, or a full rack and
                // one board tile: only sets that spell a word count.
                let sp = &self.spelled;
                let leave = match reads {
                    0 => sp.best[np.min(32)],
                    1 if np < 8 => sp.through_best[read as usize & 63][np].max(sp.any_best[np]),
                    _ => self.leaves.best[np.min(32)],
                };
                let len = np + reads as usize;
                let checked = np == self.rack_size && checkable && len <= WORDS_MAX_LEN && np >= 2;
                // With `CHECK`, the score of the best bingo that fits.
                let mut exact = None;
                let bingo = if np == self.rack_size {
                    if reads == 1 && self.spelled.through & (1 << (read & 63)) == 0 {
                        continue;
                    }
                    if CHECK && checked {
                        let start = a - l - left_count as usize;
                        match bingos.as_mut().unwrap().fit(sqs, start, len, &self.scoring) {
                            Some(s) => exact = Some(s),
                            None => continue,
                        }
                        if *nbingo < bingo_spans.len() {
                            bingo_spans[*nbingo] = (start, len);
                            *nbingo += 1;
                        }
                    }
                    self.bingo
                } else {
                    0
                };
                if leave == f32::NEG_INFINITY {
                    continue;
                }
                // Plays that use a blank: the best leave of such plays (of
                // those that spell a word alone, if that is the word).
                let leave = match (BLANK, reads) {
                    (false, _) => leave,
                    (true, 0) => sp.blank_best[np.min(32)],
                    (true, _) => self.leaves.best_blank[np.min(32)],
                };
                if leave == f32::NEG_INFINITY {
                    continue;
                }
                let base = board * wm + cross + bingo;
                // A play with a blank places one tile worth nothing.
                let real = if BLANK { np - 1 } else { np };
                let tiles: i64 = if narrow {
                    // Lanes past `real` meet zeros.
                    lanes
                        .iter()
                        .zip(&sh.top[real])
                        .map(|(e, v)| e * v)
                        .sum::<i32>() as i64
                } else {
                    effective[..real]
                        .iter()
                        .zip(&sh.values)
                        .map(|(e, v)| e * v)
                        .sum()
                };
                let tiles = tiles.min(wm * by_letter + by_cross);
                let v = match exact {
                    Some(s) => s as f32 + leave,
                    None => (base + tiles) as f32 + leave,
                };
                // No value is NaN here (leaves are finite or -inf, skipped
                // above): a compare, not `f32::max`'s NaN handling.
                if v > best {
                    best = v;
                }
                if !checked {
                    if v > plain {
                        plain = v;
                    }
                } else if !CHECK {
                    // Room for one a left extent (at most 32): a full
                    // list makes the check work the bound out again.
                    if *nchecks < checks.len() {
                        checks[*nchecks] = (a - l - left_count as usize, len, leave);
                    }
                    *nchecks += 1;
                }
            }
        }
        (best, plain)
    }

    /// Keeps the unchecked bingos the last bound (of anchor `a`, on the
    /// lane of `slot`) counted, and its bound without them.
    pub(super) fn keep_checks(&mut self, slot: usize, a: usize, plain: f32) {
        let sc = self.scratch.borrow();
        let first = self.checks.len() as u32;
        let count = if sc.nchecks <= sc.checks.len() {
            self.checks.extend_from_slice(&sc.checks[..sc.nchecks]);
            sc.nchecks as u32
        } else {
            u32::MAX
        };
        self.pending.push(Pending {
            slot: slot as u8,
            pos: a as u8,
            plain,
            first,
            count,
        });
    }

    /// The bound of anchor `pos` with its bingos checked: what
    /// `anchor_bound::<false, true>` gives, from what the unchecked bound
    /// kept (its bound without them, the bingos' spans and leaves), so
    /// that only their words are looked at.
    pub(super) fn checked_bound(&self, sqs: &[LaneSquare], slot: usize, pos: usize) -> f32 {
        let from = self.pend_base[slot] as usize;
        let kept = self.pending.get(from..).and_then(|p| {
            p.iter()
                .take_while(|p| p.slot as usize == slot)
                .find(|p| p.pos as usize == pos && p.count != u32::MAX)
        });
        let (Some(p), Some(bingos)) = (kept, &self.bingos) else {
            return self.anchor_bound::<false, true>(sqs, pos).0;
        };
        let mut bingos = bingos.borrow_mut();
        let first = p.first as usize;
        let mut best = p.plain;
        for &(start, len, leave) in &self.checks[first..first + p.count as usize] {
            if let Some(s) = bingos.fit(sqs, start, len, &self.scoring) {
                best = best.max(s as f32 + leave);
            }
        }
        best
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// `insert8` keeps the eight highest values put in, highest first, as
    /// sorting them all would: random sequences of small and extreme
    /// values, repeats among them.
    #[test]
    fn eight_lanes_keep_the_eight_highest() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..2000 {
            let n = (next() % 20) as usize;
            let values: Vec<i32> = (0..n)
                .map(|_| match next() % 8 {
                    0 => i32::MAX,
                    1 => i32::MIN + 1,
                    2 => 0,
                    _ => (next() % 60) as i32 - 10,
                })
                .collect();
            let mut lanes = [i32::MIN; 8];
            for &v in &values {
                lanes = insert8(lanes, v);
            }
            let mut want = values.clone();
            want.sort_unstable_by(|a, b| b.cmp(a));
            want.resize(8.max(n), i32::MIN);
            assert_eq!(lanes[..], want[..8], "round {round}: {values:?}");
        }
    }

    /// The bound compiled with AVX2 is the plain one: on ENABLE's stored
    /// positions (the first 150 of the suite and of its one-blank suite),
    /// the best plays and the anchors searched and skipped are the same
    /// with the vector switch on (AVX2 where the CPU has it) and off (the
    /// baseline code), the bingo checks of the anagram index included.
    /// (Off x86-64 there is no twin, and the test is not built.)
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_avx2_bound_is_the_plain_one() {
        use crate::alphabet::Alphabet;
        use crate::leave::Gordon;
        use crate::movegen::{Generator, Options};
        use crate::position::Position;
        use crate::{compile, Lexicon, Rules};
        let root = env!("CARGO_MANIFEST_DIR");
        let a = Alphabet::english();
        let lex = Lexicon::from_vec(compile::enable_for_tests().gaddag.clone()).unwrap();
        lex.anagram_index();
        let leaves = Gordon::heuristic2(&a);
        let mut gen = Generator::new(Rules::default());
        let mut compared = 0;
        for suite in ["enable", "enable-blank1"] {
            let cgp =
                std::fs::read_to_string(format!("{root}/benches/positions/{suite}.cgp")).unwrap();
            for line in cgp.lines().take(150) {
                let pos = Position::from_cgp(line, &a).unwrap();
                for n in [1, 5] {
                    let mut run = |vector| {
                        gen.set_vector_scan(vector);
                        gen.best_with_stats(&lex, &pos, &leaves, n, &Options::default())
                    };
                    let (fast, plain) = (run(true), run(false));
                    assert_eq!(fast, plain, "{suite}: {line}, top {n}");
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 600);
    }
}
