//! The vector code in one place: which CPU features it needs, how they are
//! detected, and the two ways it is compiled in.
//!
//! Move generation spends most of its time finding, at each node, the edges
//! whose tiles can go on a square. On x86-64 CPUs with AVX-512 (the
//! [`FEATURES`] below: recent Intel, AMD Zen 4) `select16` decodes 16
//! packed edges per step instead of looping over them; every other CPU runs
//! the scalar loop in `format`. Which one runs is decided once, at run time
//! ([`available`]), and a file's edges are then read through a view whose
//! type says so (`format::Widths::AVX512`).
//!
//! Code compiled for these features must only run where they exist. Two
//! macros attach them, so that the list is written once:
//! - `with_avx512!` compiles an item (here `select16`) for them;
//! - `avx512_twin!` gives a recursive search step an AVX-512 twin, called
//!   instead of the plain body for AVX-512 views, so that `select16`
//!   inlines into the search instead of being a call per node.

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// The CPU features the vector code is compiled for, as `target_feature`
/// names them (the same list as the `with_avx512!` macro's attribute).
// Read by the test that ties it to the attribute list (there is no run-time
// use: `is_x86_feature_detected!` takes literals).
#[allow(dead_code)]
pub const FEATURES: [&str; 6] = [
    "avx512f",
    "avx512bw",
    "avx512vl",
    "avx512vbmi",
    "avx512bitalg",
    "bmi2",
];

/// Compiles the items for [`FEATURES`] (this attribute's list must stay
/// equal to it: `the_feature_lists_agree` tests that they do). Calling such
/// an item is `unsafe`: only where [`available`] says so.
macro_rules! with_avx512 {
    ($($item:item)*) => {
        $(
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512bitalg,bmi2")]
            $item
        )*
    };
}

/// The attribute's list of `with_avx512!`, for the test that it equals
/// [`FEATURES`].
#[cfg(test)]
const ATTRIBUTE_LIST: &str = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512bitalg,bmi2";

/// Defines `$name`, a recursive step of a search, as a call of `$body` (an
/// `#[inline(always)]` function with the same parameters) that for
/// [`Widths::AVX512`](crate::format::Widths::AVX512) views goes through
/// `$twin`, the same body compiled with [`FEATURES`]: there the vector node
/// scan inlines instead of being a call per node. For
/// [`Widths::POPCNT`](crate::format::Widths::POPCNT) views (masked nodes)
/// it goes through `$pop`, the body compiled with [`POPCNT_FEATURES`]:
/// without them a population count, one per edge a masked node gives, is
/// a dozen instructions instead of one.
macro_rules! avx512_twin {
    (
        $(#[$doc:meta])*
        fn $name:ident / $twin:ident, $pop:ident => $body:ident
        [$($decl:tt)*] [$($use:tt)*]
        ($($arg:ident: $ty:ty),* $(,)?)
    ) => {
        $(#[$doc])*
        fn $name<$($decl)*>($($arg: $ty),*) {
            #[cfg(target_arch = "x86_64")]
            if W::AVX512 {
                // SAFETY: a view with `W::AVX512` set is made only by
                // `Edges::fixed`, which checks `simd::available()` first: the
                // CPU has the `FEATURES` the twin is compiled for. Run by
                // every move generation test on such a CPU.
                return unsafe { $twin::<$($use)*>($($arg),*) };
            }
            #[cfg(target_arch = "x86_64")]
            if W::POPCNT {
                // SAFETY: a view with `W::POPCNT` set is made only by
                // `Edges::fixed`, which checks `simd::has_popcnt()` first.
                // Run by every move generation test of a masked file on a
                // CPU with POPCNT (every x86-64 CPU since 2008).
                return unsafe { $pop::<$($use)*>($($arg),*) };
            }
            $body::<$($use)*>($($arg),*)
        }

        $crate::simd::with_avx512! {
            fn $twin<$($decl)*>($($arg: $ty),*) {
                $body::<$($use)*>($($arg),*)
            }
        }

        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "popcnt,bmi1,lzcnt")]
        fn $pop<$($decl)*>($($arg: $ty),*) {
            $body::<$($use)*>($($arg),*)
        }
    };
}

/// The CPU features of the masked-node twins (see `avx512_twin!`), as
/// `target_feature` names them: POPCNT for the child lookup, BMI1 and
/// LZCNT for the bit scans.
#[allow(dead_code)]
pub const POPCNT_FEATURES: [&str; 3] = ["popcnt", "bmi1", "lzcnt"];

/// The attribute's list of the masked-node twins in `avx512_twin!`, for
/// the test that it equals [`POPCNT_FEATURES`].
#[cfg(test)]
const POPCNT_ATTRIBUTE_LIST: &str = "popcnt,bmi1,lzcnt";

/// Whether this CPU has every one of [`POPCNT_FEATURES`], checked once.
#[cfg(target_arch = "x86_64")]
pub fn has_popcnt() -> bool {
    static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *HAS.get_or_init(|| {
        is_x86_feature_detected!("popcnt")
            && is_x86_feature_detected!("bmi1")
            && is_x86_feature_detected!("lzcnt")
    })
}

/// Off x86-64 the population count is an instruction of the baseline
/// (aarch64's `cnt`), so there is no twin to choose.
#[cfg(not(target_arch = "x86_64"))]
pub fn has_popcnt() -> bool {
    false
}

pub(crate) use {avx512_twin, with_avx512};

/// Whether this CPU has AVX2 (and so 256-bit integer vectors), checked
/// once: the bounds of the best-move search (`equity::bound`) keep their
/// eight multipliers in one such vector where it does.
#[cfg(target_arch = "x86_64")]
pub fn has_avx2() -> bool {
    static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *HAS.get_or_init(|| is_x86_feature_detected!("avx2"))
}

/// No AVX2 off x86-64 (the bounds there have no vector twin).
#[cfg(not(target_arch = "x86_64"))]
pub fn has_avx2() -> bool {
    false
}

/// Whether this CPU has every one of [`FEATURES`], checked once.
#[cfg(target_arch = "x86_64")]
pub fn available() -> bool {
    static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *HAS.get_or_init(|| {
        is_x86_feature_detected!("avx512f")
            && is_x86_feature_detected!("avx512bw")
            && is_x86_feature_detected!("avx512vl")
            && is_x86_feature_detected!("avx512vbmi")
            && is_x86_feature_detected!("avx512bitalg")
            && is_x86_feature_detected!("bmi2")
    })
}

/// No AVX-512 off x86-64.
#[cfg(not(target_arch = "x86_64"))]
pub fn available() -> bool {
    false
}

// `Edges::select` on 16 edges at a time.
//
// A node's edges are contiguous bit fields, so one 64-byte load holds 16
// of them (of at most 32 bits each): a byte permutation moves each edge's
// first two bytes into a 16-bit lane, a per-lane shift aligns its tile,
// terminal and last bits, and three mask tests find the last sibling, the
// tiles past the highest wanted and the wanted tiles. This replaces a loop
// with two exits per edge, which mispredicts on every node; the gain on
// the stored suites, for the GADDAG and the DAWG, is in `BENCHMARKS.md`,
// *Node scan*.
with_avx512! {
    /// What the scalar `Edges::select` returns for node `first` of `len`
    /// edges of `eb` bits with 5-bit tiles, packed in `bytes`: bit `k` set
    /// when edge `first + k` has a tile of `tiles`, up to the node's last
    /// edge, the first tile above the highest wanted, the array's end or
    /// 64 edges, whichever comes first.
    ///
    /// # Safety
    ///
    /// The CPU has the instructions of [`available`] ([`FEATURES`]); `eb <= 32`; and the 8
    /// bytes at `i * eb / 8` lie inside `bytes` for every `i < len`, as
    /// `Edges::new` makes sure (the loads rely on it, unchecked).
    #[inline]
    pub(crate) unsafe fn select16(bytes: &[u8], len: u32, eb: u32, first: u32, tiles: u64) -> u64 {
        debug_assert!(eb <= 32);
        const LANE: [u16; 32] = {
            let mut l = [0u16; 32];
            let mut i = 0;
            while i < 32 {
                l[i] = i as u16;
                i += 1;
            }
            l
        };
        // SAFETY: an unaligned load of 64 bytes from a 64-byte array.
        let lane = unsafe { _mm512_loadu_si512(LANE.as_ptr().cast()) };
        // Bit offset of each lane's edge from the first edge's byte.
        let lane_bits = _mm512_mullo_epi16(lane, _mm512_set1_epi16(eb as i16));
        let wanted = _mm256_set1_epi64x(tiles as i64);
        let highest = _mm256_set1_epi8((63 - tiles.leading_zeros()) as i8);
        let first = first as u64;
        let end = (len as u64).min(first + 64);
        let mut hits = 0u64;
        let mut base = first;
        while base < end {
            let bit = base * eb as u64;
            let at = (bit >> 3) as usize;
            // Only the bytes inside the array are read: a masked load does
            // not touch the others. `at` is inside (the caller's guarantee).
            debug_assert!(at + 8 <= bytes.len());
            let room = bytes.len() - at;
            let keep = if room >= 64 {
                u64::MAX
            } else {
                (1u64 << room) - 1
            };
            // SAFETY: `at < bytes.len()`, so the pointer is in bounds, and the
            // mask limits the load to the `room` bytes that follow it.
            let window = unsafe { _mm512_maskz_loadu_epi8(keep, bytes.as_ptr().add(at).cast()) };
            let pos = _mm512_add_epi16(lane_bits, _mm512_set1_epi16((bit & 7) as i16));
            // Lane k takes bytes b and b + 1 (b = pos / 8), shifted by pos % 8:
            // its edge's low 9 bits at least (lane 15: b + 1 <= 61 for eb <= 32).
            let b = _mm512_srli_epi16::<3>(pos);
            let pair = _mm512_or_si512(
                b,
                _mm512_slli_epi16::<8>(_mm512_add_epi16(b, _mm512_set1_epi16(1))),
            );
            let shift = _mm512_and_si512(pos, _mm512_set1_epi16(7));
            let low = _mm512_cvtepi16_epi8(_mm512_srlv_epi16(
                _mm512_permutexvar_epi8(pair, window),
                shift,
            ));
            let tile = _mm256_and_si256(low, _mm256_set1_epi8(31));
            let last = _mm256_test_epi8_mask(low, _mm256_set1_epi8(1 << 6)) as u64;
            let over = _mm256_cmpgt_epu8_mask(tile, highest) as u64;
            let want = _mm256_bitshuffle_epi64_mask(wanted, tile) as u64;
            let lanes = (end - base).min(16);
            let in_range = (1u64 << lanes) - 1;
            // The scan ends at the first last edge or tile above the highest
            // wanted: that lane and those before it count (a tile above the
            // highest is never wanted).
            let stop = (last | over) & in_range;
            if stop != 0 {
                return hits | (want & (stop ^ (stop - 1))) << (base - first);
            }
            hits |= (want & in_range) << (base - first);
            base += 16;
        }
        hits
    }
}

/// Asks the CPU to load the cache line holding `p` (into every level), for
/// a read soon after: lookups that will miss the cache ask for their lines
/// first so that the misses overlap. Any address will do, even one outside
/// every allocation: nothing is read into the program.
#[inline(always)]
pub(crate) fn prefetch(p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: a prefetch is only a hint: it cannot fault and reads
        // nothing into the program, whatever the address; SSE, which
        // provides it, is part of the x86_64 baseline. Exercised by every
        // move generation and best-move test (the search, the anagram index
        // and the leave values all prefetch), and with wild addresses by
        // `edges_past_the_bytes_are_cut`.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(p as *const i8) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_feature_lists_agree() {
        assert_eq!(
            super::ATTRIBUTE_LIST.split(',').collect::<Vec<_>>(),
            super::FEATURES
        );
        assert_eq!(
            super::POPCNT_ATTRIBUTE_LIST.split(',').collect::<Vec<_>>(),
            super::POPCNT_FEATURES
        );
    }
}
