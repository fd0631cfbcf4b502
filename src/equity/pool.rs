//! Buffers a best-play search reuses from one search to the next on the
//! same thread, so that a look-ahead that searches once a ply allocates
//! nothing once they have grown.

use std::cell::RefCell;

use super::Ranked;
use crate::alphabet::Tile;
use crate::anagrams::WORDS_MAX_LEN;

/// The vectors of one search (see where each is used).
#[derive(Default)]
pub(super) struct Buffers {
    pub(super) adds: Vec<f32>,
    pub(super) kinds: Vec<(usize, u32)>,
    pub(super) digits: Vec<u32>,
    pub(super) sets: Vec<(u64, usize, usize)>,
    pub(super) best: Vec<Ranked>,
    pub(super) letters: Vec<Tile>,
    pub(super) words: Vec<(u64, [Tile; WORDS_MAX_LEN])>,
    pub(super) known: Vec<u64>,
    pub(super) pending: Vec<super::bound::Pending>,
    pub(super) checks: Vec<(usize, usize, f32)>,
    /// Kept as it is from search to search.
    pub(super) hot: super::spelled::HotEntries,
}

/// A buffer larger than this many elements is not kept: a rack of 20
/// tiles values a million leaves, and a thread need not hold them.
const KEEP_AT_MOST: usize = 1 << 12;

thread_local! {
    static POOL: RefCell<Buffers> = RefCell::new(Buffers::default());
}

impl Buffers {
    /// This thread's buffers, emptied (the pool keeps none meanwhile: a
    /// search within a search takes empty ones).
    pub(super) fn take() -> Buffers {
        POOL.with(|p| std::mem::take(&mut *p.borrow_mut()))
    }

    /// Gives the buffers back to this thread, emptied.
    pub(super) fn give(mut self) {
        fn keep<T>(v: &mut Vec<T>) {
            v.clear();
            if v.capacity() > KEEP_AT_MOST {
                *v = Vec::new();
            }
        }
        keep(&mut self.adds);
        keep(&mut self.kinds);
        keep(&mut self.digits);
        keep(&mut self.sets);
        keep(&mut self.best);
        keep(&mut self.letters);
        keep(&mut self.words);
        keep(&mut self.known);
        keep(&mut self.pending);
        keep(&mut self.checks);
        POOL.with(|p| *p.borrow_mut() = self);
    }

    /// Keeps `v` (a result the caller is done with) for the next search.
    pub(super) fn recycle_best(v: Vec<Ranked>) {
        POOL.with(|p| {
            let mut p = p.borrow_mut();
            if p.best.capacity() < v.capacity() && v.capacity() <= KEEP_AT_MOST {
                let mut v = v;
                v.clear();
                p.best = v;
            }
        })
    }
}
