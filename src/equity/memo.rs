//! What a best-play search works out from the rack alone, kept for the
//! next searches with the same rack.
//!
//! A simulation plays every candidate out in the same scenarios (common
//! random numbers), and the scenarios are played in turn: so the
//! opponent's first reply is searched once per candidate with the same
//! rack, on boards that differ by the candidate only; and later plies
//! often meet a rack again too (the candidates that keep the same tiles,
//! the replies that draw the same ones). What depends on the
//! rack alone need not be worked out again: every leave's value (a walk of
//! the leave file), what the rack's sets of tiles spell (a lookup in the
//! anagram index for each of up to 128 sets) and the rack's bingo words.

use super::leave_table::LeaveIndex;
use super::spelled::Spelled;
use crate::alphabet::Tile;
use crate::anagrams::WORDS_MAX_LEN;

/// The racks last searched by one player with one lexicon, and what their
/// searches worked out from them (see the [module](self) docs). Held by a
/// simulation's thread for one run: its entries are valid for the player
/// and lexicon that made them, which the memo checks by address.
#[derive(Default)]
pub(crate) struct RackMemo {
    /// The player's leave values and the lexicons (its words, all words),
    /// by address.
    owner: (usize, usize, usize),
    entries: Vec<Entry>,
    /// The entry to replace next.
    next: usize,
    /// Searches that found their rack here.
    pub(crate) hits: u64,
}

/// What a search depends on besides the rack's own tiles: whether the bag
/// is empty and then the opponent's tiles (the leaves' settlement), and
/// whether the lexicon's anagram index was at hand.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Key {
    pub(super) rack: [u8; 64],
    pub(super) opponent: Option<[u8; 64]>,
    pub(super) indexed: bool,
}

pub(super) struct Entry {
    pub(super) key: Key,
    pub(super) leaves: LeaveIndex,
    pub(super) spelled: Spelled,
    /// The bingo words looked up so far, as `Bingos` keeps them.
    pub(super) words: Vec<(u64, [Tile; WORDS_MAX_LEN])>,
    pub(super) known: Vec<u64>,
}

/// Racks remembered. A scenario's candidates are played out one after
/// another, each for up to a few plies, so the rack met again at a ply was
/// last seen some plies back: with 5 plies, 8 to 58 % of the racks of
/// plies 1 to 4 had been seen at that ply in an earlier playout of the same
/// scenario (5 SOWPODS positions). 32 entries keep the last six playouts'
/// racks at 5 plies; 4 kept the current playout's only, and 32 made
/// 5-ply simulations 0-12 % faster (`docs/design/simulation.md`).
const ENTRIES: usize = 32;

impl RackMemo {
    /// Forgets everything unless the memo belongs to `owner` (the leave
    /// values' and the lexicon's addresses), and makes it theirs.
    pub(super) fn claim(&mut self, owner: (usize, usize, usize)) {
        if self.owner != owner {
            self.owner = owner;
            self.entries.clear();
            self.next = 0;
        }
    }

    /// The entry of `key`'s rack and opponent, if remembered (made with or
    /// without the index).
    pub(super) fn find(&self, key: &Key) -> Option<usize> {
        self.entries
            .iter()
            .position(|e| e.key.rack == key.rack && e.key.opponent == key.opponent)
    }

    /// Counts a search that found its rack here.
    pub(super) fn hit(&mut self) {
        self.hits += 1;
    }

    pub(super) fn entry(&self, i: usize) -> &Entry {
        &self.entries[i]
    }

    pub(super) fn entry_mut(&mut self, i: usize) -> &mut Entry {
        &mut self.entries[i]
    }

    /// Remembers what a search worked out for `key`: in place `at` (an
    /// entry of the same rack made without the index), else in the place of
    /// the oldest entry once there are [`ENTRIES`] (its vectors reused);
    /// returns its place.
    pub(super) fn remember(
        &mut self,
        at: Option<usize>,
        key: Key,
        leaves: &LeaveIndex,
        spelled: &Spelled,
    ) -> usize {
        let i = at.unwrap_or(self.next);
        if at.is_none() {
            self.next = (i + 1) % ENTRIES;
        }
        if i == self.entries.len() {
            self.entries.push(Entry {
                key,
                leaves: leaves.clone(),
                spelled: spelled.clone(),
                words: Vec::new(),
                known: Vec::new(),
            });
            return i;
        }
        let e = &mut self.entries[i];
        e.key = key;
        e.leaves.copy_from(leaves);
        e.spelled = spelled.clone();
        e.words.clear();
        e.known.clear();
        i
    }
}
