//! The best plays by equity: placements, exchanges and the pass, ranked by
//! score plus leave ([`crate::leave`]), found without keeping every move.
//!
//! [`Generator::best`] searches with a [`TopN`] sink, which keeps the `n`
//! best plays so far. Before the search it values every leave of the rack
//! once, in a table indexed by the tiles a play uses (a play's equity then
//! costs a few additions, no leave lookup), which also gives the best leave
//! for each number of tiles played. Through the search-policy seam
//! ([`SearchPolicy::RANKS_ANCHORS`](crate::SearchPolicy::RANKS_ANCHORS)) it then bounds every anchor of every lane,
//! both directions: the most a play found from that anchor can be worth.
//! A play is found from its leftmost (topmost) anchor, so it reads the
//! tiles right before the anchor or places tiles on the empty non-anchor
//! squares there, and reaches right through tiles and onto empty squares
//! some rack tile may go on. For each such span and each number `k` of
//! tiles placed the bound pairs the rack's `k` best tiles with the span's
//! best effective multipliers (letter premium × word premiums, plus the
//! cross word's), or, if lower, gives each square the best rack tile its
//! cross-checks accept; it adds the board tiles and cross words, the bingo
//! bonus with a full rack and the best leave of `k` tiles played. What the
//! rack can spell narrows that leave: with the lexicon's
//! [`AnagramIndex`](crate::anagrams) (built on request, or by the search
//! itself after a thousand searches: see [`Lexicon::anagram_index`]; until
//! then these bounds do without it), a span whose word is the placed
//! tiles alone counts only the sets of `k` tiles that spell a word, one
//! through a single board tile only the sets that spell a word with it,
//! and a full rack through one board tile must spell an 8-letter word with
//! it. A bingo (every tile of the rack) alone or through up to three board
//! tiles counts only if one of the rack's words, from the index's word
//! lists, fits its span letter by letter, and then at what the best of
//! them scores. Those lookups are made only for the anchors whose turn comes:
//! all are ranked first without them, and an anchor whose bingos are
//! checked then goes back in order at its tighter bound
//! ([`SearchPolicy::rerank`](crate::SearchPolicy::rerank)). Where, with a blank on the rack, only such
//! bingos could rank, they are placed from the words and the anchor is
//! searched without the blank ([`Stats::bingos_placed`]). The anchors
//! are searched best bound first, across all lanes, and the search ends at
//! the first bound that cannot reach the `n`-th best equity (ties could
//! rank, so it stops only below). The result is exactly that of ranking
//! every play (tested on every reference position, both generators, with
//! and without the index). With a [`Scoring`] other than the classic one
//! the bounds do not hold and every anchor is searched.
//!
//! The search reaches exactly the anchors whose bound is at least the best
//! equity (the best play's anchor comes before any anchor bounded below
//! it), so a better first guess saves nothing; only tighter bounds do. The
//! measurements that shaped the bound, and the ideas measured and dropped,
//! are in `docs/design/equity-search.md`.
//!
//! A rack with more than 2^20 leaves (over 20 tiles: a variant's rack of up
//! to 63) gets no table: its plays are valued one by one, every anchor is
//! searched, and its exchanges are not ranked ([`Stats::exchanges_unranked`]).
//!
//! Order: equity descending; ties by the canonical move order
//! ([`Move::canonical_cmp`]), placements before exchanges (fewest tiles
//! first, then tile order), the pass last.
//!
//! ```
//! use lexgraph::leave::Gordon;
//! use lexgraph::{compile, Alphabet, Generator, Lexicon, Options, Position, Rules, WordList};
//!
//! let a = Alphabet::english();
//! let words = WordList::parse(b"qi\nqis\nis\nsi\n", "inline", &a, lexgraph::Invalid::Refuse)?;
//! let gaddag = Lexicon::from_vec(compile::compile(&words).gaddag)?;
//! let pos = Position::parse_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 QIS/ 0/0 0", &a, 15)?;
//! let mut gen = Generator::new(Rules::default());
//! let best = gen.best(&gaddag, &pos, &Gordon::heuristic1(&a), 1, &Options::default());
//! // QIS scores more, but QI keeps the S (worth 7.5 to Gordon).
//! assert_eq!(best[0].play.text(&a), "8G QI");
//! assert_eq!(best[0].equity, 22.0 + 7.5);
//! # Ok::<(), lexgraph::Error>(())
//! ```

pub mod klv;
pub mod leave;
pub mod levels;
pub mod record;
pub mod strategy;

mod bound;
mod leave_table;
mod memo;
mod pool;
pub(crate) mod reuse;
mod spelled;
mod top;

pub use self::record::{Listed, PlayRecord};
pub use self::top::{Stats, TopN};

use self::bound::Shadow;
use self::leave_table::{rack_of, LeaveIndex};
use self::memo::Key;
pub(crate) use self::memo::RackMemo;
use self::pool::Buffers;
use self::reuse::Reuse;
use self::spelled::{Bingos, Spelled};

use std::cmp::Ordering;

use crate::alphabet::Alphabet;
use crate::leave::{equity, LeaveValue};
use crate::lexicon::Lexicon;
use crate::movegen::{Generator, Move, Options};
use crate::position::Position;
use crate::rack::Rack;
use crate::scoring::{Classic, Scoring};

/// A play: tiles placed, an exchange, or a pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Play {
    /// Tiles placed on the board.
    Place(Move),
    /// The tiles put back in the bag.
    Exchange(Rack),
    /// No tile played.
    Pass,
}

impl Play {
    /// `8D QUIRE`, `-AEI` (an exchange, as GCG writes it) or `pass`.
    pub fn text(&self, alphabet: &Alphabet) -> String {
        match self {
            Play::Place(m) => m.notation(alphabet),
            Play::Exchange(r) => format!("-{}", r.to_text(alphabet)),
            Play::Pass => "pass".to_string(),
        }
    }

    /// `place`, `exchange` or `pass` (the play record's `type`).
    pub fn kind(&self) -> &'static str {
        match self {
            Play::Place(_) => "place",
            Play::Exchange(_) => "exchange",
            Play::Pass => "pass",
        }
    }

    /// Points scored (0 for an exchange or a pass).
    pub fn score(&self) -> i32 {
        match self {
            Play::Place(m) => m.score,
            _ => 0,
        }
    }

    fn order(&self, other: &Play) -> Ordering {
        let rank = |p: &Play| match p {
            Play::Place(_) => 0,
            Play::Exchange(_) => 1,
            Play::Pass => 2,
        };
        match (self, other) {
            (Play::Place(a), Play::Place(b)) => a.canonical_cmp(b),
            (Play::Exchange(a), Play::Exchange(b)) => {
                a.len().cmp(&b.len()).then_with(|| tiles_order(a, b))
            }
            _ => rank(self).cmp(&rank(other)),
        }
    }
}

/// The order of two racks of as many tiles by their tiles in order
/// (`a.tiles().cmp(&b.tiles())`), from the counts: no allocation. At the
/// first tile whose counts differ, the rack with more copies has it where
/// the other has a higher tile.
fn tiles_order(a: &Rack, b: &Rack) -> Ordering {
    a.counts()
        .iter()
        .zip(b.counts())
        .find(|(x, y)| x != y)
        .map_or(Ordering::Equal, |(x, y)| y.cmp(x))
}

/// A play with its equity and the tiles it keeps.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    /// The play.
    pub play: Play,
    /// Its score plus the value of its leave (see [`crate::leave::equity`]).
    pub equity: f32,
    /// The tiles kept (before drawing).
    pub leave: Rack,
}

impl Ranked {
    /// The order of [`Generator::best`]: equity descending, then the
    /// plays' order (see the [module](self) docs).
    pub fn rank_cmp(&self, other: &Ranked) -> Ordering {
        other
            .equity
            .total_cmp(&self.equity)
            .then_with(|| self.play.order(&other.play))
    }
}

/// What equity depends on besides the move: the rack, the bag, the
/// opponent's tiles, the values of tiles and leaves.
struct Context<'a, L: LeaveValue> {
    rack: &'a Rack,
    bag: usize,
    opponent: [u8; 64],
    leaves: &'a L,
    alphabet: &'a Alphabet,
}

impl<L: LeaveValue> Context<'_, L> {
    fn rank(&self, play: Play, leave: Rack) -> Ranked {
        let e = equity(
            play.score(),
            leave.counts(),
            self.leaves,
            self.bag,
            &self.opponent,
            self.alphabet,
        );
        Ranked {
            play,
            equity: e,
            leave,
        }
    }

    fn leave_of(&self, m: &Move) -> Rack {
        let mut r = *self.rack;
        m.take_from(&mut r);
        r
    }
}

impl<R: Scoring> Generator<R> {
    /// The `n` best plays of `pos` (the mover's rack) by equity with
    /// `leaves`, best first: placements, and exchanges when the bag holds
    /// a rack's worth of tiles, and the pass. Exactly the first `n` of every
    /// play sorted by [`Ranked::rank_cmp`], found without keeping them all.
    pub fn best(
        &mut self,
        lex: &Lexicon,
        pos: &Position,
        leaves: &impl LeaveValue,
        n: usize,
        opts: &Options,
    ) -> Vec<Ranked> {
        self.best_with_stats(lex, pos, leaves, n, opts).0
    }

    /// [`Generator::best`], and how many anchors it searched and skipped.
    pub fn best_with_stats(
        &mut self,
        lex: &Lexicon,
        pos: &Position,
        leaves: &impl LeaveValue,
        n: usize,
        opts: &Options,
    ) -> (Vec<Ranked>, Stats) {
        self.best_within_with_stats(lex, lex, pos, leaves, n, opts)
    }

    /// [`Generator::best`] among the plays whose main word is a word of
    /// `words`, every word they form being a word of `full` (see
    /// [`Generator::generate_within`]). The bounds stay exact: the words
    /// they count on the rack spelling are main words, read from `words`'
    /// anagram index, and the squares' cross-checks come from `full`.
    pub fn best_within(
        &mut self,
        words: &Lexicon,
        full: &Lexicon,
        pos: &Position,
        leaves: &impl LeaveValue,
        n: usize,
        opts: &Options,
    ) -> Vec<Ranked> {
        self.best_within_with_stats(words, full, pos, leaves, n, opts)
            .0
    }

    /// [`Generator::best_within`], and how many anchors it searched and
    /// skipped.
    pub fn best_within_with_stats(
        &mut self,
        words: &Lexicon,
        full: &Lexicon,
        pos: &Position,
        leaves: &impl LeaveValue,
        n: usize,
        opts: &Options,
    ) -> (Vec<Ranked>, Stats) {
        self.best_memo(words, full, pos, leaves, n, opts, None, None)
    }

    /// [`Generator::best_within_with_stats`], with what it works out from
    /// the rack alone taken from `memo` where remembered, and remembered
    /// there otherwise (see [`RackMemo`]); with `reuse`, the lanes and
    /// anchors whose squares equal its board's are not searched, and its
    /// plays there offered instead (see [`reuse`]: the caller checks that
    /// the result is exact).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn best_memo(
        &mut self,
        words: &Lexicon,
        full: &Lexicon,
        pos: &Position,
        leaves: &impl LeaveValue,
        n: usize,
        opts: &Options,
        mut memo: Option<&mut RackMemo>,
        reuse: Option<Reuse<'_>>,
    ) -> (Vec<Ranked>, Stats) {
        if n == 0 {
            return (Vec::new(), Stats::default());
        }
        let alphabet = full.alphabet();
        let rules = self.rules();
        let rack = pos.rack();
        let bag = pos.bag_len(alphabet, rules.rack_size);
        // With an empty bag the opponent holds every tile the mover cannot see.
        let opponent = if bag == 0 {
            pos.unseen(alphabet)
        } else {
            *pos.racks[1].counts()
        };
        let cx = Context {
            rack,
            bag,
            opponent,
            leaves,
            alphabet,
        };
        // Every leave valued once (or remembered).
        let mut pool = Buffers::take();
        if let Some(m) = memo.as_deref_mut() {
            m.claim((
                leaves as *const _ as *const () as usize,
                words as *const Lexicon as usize,
                full as *const Lexicon as usize,
            ));
        }
        let mut key = Key {
            rack: *rack.counts(),
            opponent: (bag == 0).then_some(opponent),
            indexed: false,
        };
        let found = memo.as_deref().and_then(|m| m.find(&key));
        let leaves = match (found, memo.as_deref()) {
            (Some(i), Some(m)) => m.entry(i).leaves.copy_in(&mut pool),
            _ => LeaveIndex::new(&cx, rack, &mut pool),
        };
        let sparse = leaves.is_sparse();
        // Only the classic bounds use the index: other scorings neither
        // build it nor count towards building it, nor does a rack whose
        // leaves are valued play by play (no bounds).
        let index = if R::CLASSIC && !sparse {
            words.anagram_index_for_search()
        } else {
            None
        };
        key.indexed = index.is_some();
        let hit = found.filter(|&i| memo.as_deref().is_some_and(|m| m.entry(i).key == key));
        let mut spelled = match (hit, memo.as_deref(), index) {
            (Some(i), Some(m), _) => m.entry(i).spelled.clone(),
            (_, _, Some(ix)) => {
                pool.hot.ready(words.id());
                Spelled::new(&leaves, &ix, alphabet.len(), &mut pool.sets, &mut pool.hot)
            }
            _ => Spelled::unknown(&leaves),
        };
        // Where the memo keeps this rack's entry.
        let slot = memo.as_deref_mut().map(|m| match hit {
            Some(i) => {
                m.hit();
                i
            }
            None => m.remember(found, key, &leaves, &spelled),
        });
        // The bingo checks take a bingo's tiles to be the whole rack: with
        // more tiles than a rack's worth (a position may give them; only
        // plays of exactly a rack's worth earn the bonus), they would check
        // the wrong letters, so none is made.
        let whole_rack = rack.len() == rules.rack_size;
        if !whole_rack {
            spelled.through = u64::MAX;
        }
        let mut best = std::mem::take(&mut pool.best);
        best.clear();
        best.reserve(n.min(64) + 1);
        let bingos = index.filter(|_| whole_rack).map(|ix| {
            let mut b = Bingos::new(ix, rack.counts(), alphabet.len(), &mut pool);
            if let (Some(i), Some(m)) = (slot, memo.as_deref()) {
                let e = m.entry(i);
                b.words.clone_from(&e.words);
                b.known.clone_from(&e.known);
            }
            std::cell::RefCell::new(b)
        });
        let mut top = TopN {
            cx,
            n,
            best,
            floor: f32::NEG_INFINITY,
            values: alphabet.values(),
            rack_size: rules.rack_size,
            bingo: rules.bingo_bonus as i64,
            spelled,
            leaves,
            shadow: Shadow::default(),
            scratch: Default::default(),
            bingos,
            unchecked: [0; 64],
            pending: std::mem::take(&mut pool.pending),
            pend_base: [0; 64],
            checks: std::mem::take(&mut pool.checks),
            stats: Stats {
                exchanges_unranked: sparse && rules.may_exchange(1, bag),
                ..Stats::default()
            },
            prune: R::CLASSIC && !sparse,
            scoring: Classic::new(rules, alphabet),
            reuse,
            avx2: self.vector_allowed() && crate::simd::has_avx2(),
        };
        // Exchanges, when the bag allows, and the pass first: they set a
        // floor before the search begins.
        if rules.may_exchange(1, bag) {
            // The best exchange first where every exchange is allowed (not
            // Upwords' one tile): it raises the floor at once, so that only
            // the exchanges that could still rank are decoded and offered,
            // not each better one met along the codes. The plays kept do
            // not depend on the order of the offers.
            let offer = |top: &mut TopN<'_, _>, code: u32, equity: f32| {
                let (used, kept, _) = top.leaves.decode(code);
                top.offer(Ranked {
                    play: Play::Exchange(rack_of(&used)),
                    equity,
                    leave: rack_of(&kept),
                });
            };
            let adds = &top.leaves.adds;
            let first = if rules.stacks() || adds.len() < 2 {
                0
            } else {
                (2..adds.len()).fold(1, |b, c| if adds[c] > adds[b] { c } else { b })
            };
            if first != 0 {
                let e = adds[first];
                offer(&mut top, first as u32, e);
            }
            for code in 1..top.leaves.adds.len() as u32 {
                let e = top.leaves.adds[code as usize];
                // Upwords exchanges one tile (elsewhere, what the bag
                // allows for one it allows for any number).
                if code as usize != first
                    && top.admits(e)
                    && (!rules.stacks() || rules.may_exchange(top.leaves.decode(code).2, bag))
                {
                    offer(&mut top, code, e);
                }
            }
        }
        let r = top.cx.rank(Play::Pass, *rack);
        top.offer(r);
        self.generate_within(words, full, &pos.board, rack, opts, &mut top);
        if n > 64 {
            top.best.sort_by(|a, b| a.rank_cmp(b));
            top.best.truncate(n);
        }
        let TopN {
            best,
            stats,
            leaves,
            bingos,
            pending,
            checks,
            ..
        } = top;
        (pool.pending, pool.checks) = (pending, checks);
        leaves.give_back(&mut pool);
        if let Some(b) = bingos {
            let b = b.into_inner();
            if let (Some(i), Some(m)) = (slot, memo) {
                // The words looked up meanwhile, for the next search.
                let e = m.entry_mut(i);
                e.words.clone_from(&b.words);
                e.known.clone_from(&b.known);
            }
            b.give_back(&mut pool);
        }
        pool.give();
        (best, stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair of racks of up to four tiles of five kinds (the blank
    /// among them): the counts give the order of the tile lists.
    #[test]
    fn racks_order_by_counts_as_by_tile_lists() {
        let mut racks = vec![Rack::default()];
        for _ in 0..4 {
            let mut more = Vec::new();
            for r in &racks {
                for t in 0..5u8 {
                    let mut r = *r;
                    r.add(t);
                    more.push(r);
                }
            }
            racks.extend(more);
        }
        racks.sort_by_key(|r| r.tiles());
        racks.dedup();
        for a in &racks {
            for b in racks.iter().filter(|b| b.len() == a.len()) {
                assert_eq!(tiles_order(a, b), a.tiles().cmp(&b.tiles()), "{a:?} {b:?}");
            }
        }
    }
}
