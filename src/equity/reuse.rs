//! Best plays on a board one play away from a board already searched, with
//! the same rack: only what the play changed is searched.
//!
//! A simulation plays every candidate out in the same scenarios (common
//! random numbers), so the opponent's first reply is searched once per
//! candidate, with the same rack, on the board before the reply plus that
//! candidate. The moves found from an anchor depend on the squares of its
//! lane they could reach alone (tiles, premiums and cross-checks: see
//! [`LaneSquare`]): at most a rack's worth of empty squares each way, the
//! tiles between, and the square past each end. With the same rack and a
//! bag that is not empty, so do their equities. So the base board (without
//! the candidate) is searched once for its `N` best plays, and each reply
//! search compares its lanes with the base board's: a lane that is the
//! same is not searched, nor is an anchor whose reach is the same; the
//! base's best plays found there are offered instead.
//!
//! The result is exact when the `n`-th best found ranks no lower than the
//! base's `N`-th: a play from a skipped anchor that is not among the base's
//! best ranks below that one, on either board. (Or when the base had fewer
//! than `N` plays: then all of them are known.) Otherwise the reply is
//! searched again in full, for about one reply in thirty. For instance,
//! with a candidate at 8D across, the anchors searched are those of rows 7
//! to 9 and of the columns it touches that can reach its squares: on the
//! reference positions, replies search half as many anchors as full
//! searches do.

use super::Ranked;
use crate::lane::{Lane, LaneSquare};

#[cfg(feature = "game")]
pub(crate) use self::base::ReplyBase;

/// The base board's lanes and best plays, as a search reads them.
#[derive(Clone, Copy)]
pub(crate) struct Reuse<'a> {
    lanes: [&'a [LaneSquare]; 2],
    top: &'a [Ranked],
    /// Where each of `top` is found: direction, line and anchor (`NONE`
    /// for an exchange or the pass).
    found: &'a [(u8, u8, u8)],
}

impl<'a> Reuse<'a> {
    /// The base board's squares of `lane`.
    pub(super) fn base_lane(&self, lane: &Lane<'_>) -> Option<&'a [LaneSquare]> {
        let n = lane.squares().len();
        self.lanes[lane.dir() as usize].get(lane.line() * n..(lane.line() + 1) * n)
    }

    /// The base's best plays found on `lane` (from anchor `anchor` only,
    /// if given).
    pub(super) fn found_on(
        &self,
        lane: &Lane<'_>,
        anchor: Option<usize>,
    ) -> impl Iterator<Item = &'a Ranked> + 'a {
        let (d, line) = (lane.dir() as u8, lane.line() as u8);
        let a = anchor.map(|a| a as u8);
        self.top
            .iter()
            .zip(self.found)
            .filter(move |(_, &(fd, fl, fa))| fd == d && fl == line && a.is_none_or(|a| a == fa))
            .map(|(r, _)| r)
    }
}

/// Whether the moves found from anchor `a` with `tiles` tiles are the same
/// on two lanes: equal on every square such a move could read (its span,
/// at most `tiles` empty squares each way and the tiles between, and the
/// square past each end).
pub(super) fn same_anchor(base: &[LaneSquare], now: &[LaneSquare], a: usize, tiles: usize) -> bool {
    let n = now.len();
    let (mut lo, mut cap) = (a, tiles.saturating_sub(1));
    while lo > 0 {
        lo -= 1;
        if now[lo].tile() == 0 {
            if cap == 0 {
                break;
            }
            cap -= 1;
        }
    }
    let (mut hi, mut cap) = (a, tiles.saturating_sub(1));
    while hi + 1 < n {
        hi += 1;
        if now[hi].tile() == 0 {
            if cap == 0 {
                break;
            }
            cap -= 1;
        }
    }
    base.len() == n && base[lo..=hi] == now[lo..=hi]
}

/// The base board's search, kept for the replies (simulations, feature
/// `game`).
#[cfg(feature = "game")]
mod base {
    use std::cmp::Ordering;

    use super::Reuse;
    use crate::board::{Board, Dir};
    use crate::equity::memo::RackMemo;
    use crate::equity::pool::Buffers;
    use crate::equity::{Play, Ranked, Stats};
    use crate::lane::LaneSquare;
    use crate::leave::LeaveValue;
    use crate::lexicon::Lexicon;
    use crate::movegen::{Generator, Options};
    use crate::position::Position;
    use crate::rack::Rack;
    use crate::scoring::Scoring;

    /// How many best plays of the base board are kept.
    const N: usize = 8;

    /// No lane: an exchange or the pass.
    const NONE: u8 = u8::MAX;

    /// A base board searched for one rack, kept by a simulation's thread for
    /// the replies to every candidate (see the [module](super) docs).
    #[derive(Default)]
    pub(crate) struct ReplyBase {
        /// The player's leave values and the lexicons, by address.
        owner: (usize, usize, usize),
        board: Option<Board>,
        rack: Rack,
        /// The base could be reused: a board with tiles, a bag with tiles.
        usable: bool,
        lanes: [Vec<LaneSquare>; 2],
        top: Vec<Ranked>,
        found: Vec<(u8, u8, u8)>,
        /// Replies found by the lanes changed alone, and searched again in full.
        pub(crate) reused: u64,
        pub(crate) redone: u64,
    }

    impl<R: Scoring> Generator<R> {
        /// The `n` best plays of `pos`, as [`Generator::best_within_with_stats`]
        /// finds them, where `base` is the position before the last play with
        /// `pos`'s mover to move (the same rack): `base`'s best plays and lanes
        /// are kept in `kept` (searched once for each base), and only the lanes
        /// and anchors of `pos` whose squares differ from `base`'s are searched.
        ///
        /// The lanes of both boards are kept by the generator too (the same
        /// boards come back scenario after scenario, with other racks).
        #[allow(clippy::too_many_arguments)]
        pub(crate) fn best_reply(
            &mut self,
            words: &Lexicon,
            full: &Lexicon,
            base: &Position,
            pos: &Position,
            leaves: &impl LeaveValue,
            n: usize,
            opts: &Options,
            mut memo: Option<&mut RackMemo>,
            kept: &mut ReplyBase,
        ) -> (Vec<Ranked>, Stats) {
            self.set_keep_lanes(true);
            let found = 'found: {
                let alphabet = full.alphabet();
                let rack_size = self.rules().rack_size;
                let owner = (
                    leaves as *const _ as *const () as usize,
                    words as *const Lexicon as usize,
                    full as *const Lexicon as usize,
                );
                let known = kept.owner == owner
                    && kept.rack == *base.rack()
                    && kept.board.as_ref() == Some(&base.board);
                if !known {
                    kept.owner = owner;
                    kept.rack = *base.rack();
                    match &mut kept.board {
                        Some(b) => b.clone_from(&base.board),
                        slot => *slot = Some(base.board.clone()),
                    }
                    // Equity with an empty bag counts the opponent's tiles, which
                    // the last play changes.
                    kept.usable = !base.board.is_empty() && base.bag_len(alphabet, rack_size) > 0;
                    if kept.usable {
                        let (top, _) = self.best_memo(
                            words,
                            full,
                            base,
                            leaves,
                            N,
                            opts,
                            memo.as_deref_mut(),
                            None,
                        );
                        Buffers::recycle_best(std::mem::replace(&mut kept.top, top));
                        for (mine, lanes) in kept.lanes.iter_mut().zip(self.lanes()) {
                            mine.clear();
                            mine.extend_from_slice(lanes);
                        }
                        let n = base.board.size();
                        kept.found.clear();
                        kept.found.extend(kept.top.iter().map(|r| match &r.play {
                            // A play is found from its first anchor.
                            Play::Place(m) => {
                                let d = m.dir as u8;
                                let (line, start) = match m.dir {
                                    Dir::Across => (m.row as usize, m.col as usize),
                                    Dir::Down => (m.col as usize, m.row as usize),
                                };
                                let sqs = &kept.lanes[d as usize][line * n..(line + 1) * n];
                                let a = (start..start + m.len as usize).find(|&p| {
                                    m.placed >> (p - start) & 1 == 1 && sqs[p].is_anchor()
                                });
                                (d, line as u8, a.map_or(NONE, |a| a as u8))
                            }
                            _ => (NONE, NONE, NONE),
                        }));
                        // Every placement covers an anchor; were one not found,
                        // a skipped anchor could hide it: no reuse then.
                        kept.usable = kept
                            .top
                            .iter()
                            .zip(&kept.found)
                            .all(|(r, f)| !matches!(r.play, Play::Place(_)) || f.2 != NONE);
                    }
                }
                let fits = kept.usable
                    && n <= N
                    && pos.rack() == base.rack()
                    && pos.board.size() == base.board.size()
                    && pos.bag_len(alphabet, rack_size) > 0
                    && !self.rules().stacks();
                if !fits {
                    break 'found self.best_memo(words, full, pos, leaves, n, opts, memo, None);
                }
                let reuse = Reuse {
                    lanes: [&kept.lanes[0], &kept.lanes[1]],
                    top: &kept.top,
                    found: &kept.found,
                };
                let (best, stats) = self.best_memo(
                    words,
                    full,
                    pos,
                    leaves,
                    n,
                    opts,
                    memo.as_deref_mut(),
                    Some(reuse),
                );
                let exact = kept.top.len() < N
                    || (best.len() == n
                        && best[n - 1].rank_cmp(&kept.top[N - 1]) != Ordering::Greater);
                if exact {
                    kept.reused += 1;
                    break 'found (best, stats);
                }
                kept.redone += 1;
                Buffers::recycle_best(best);
                self.best_memo(words, full, pos, leaves, n, opts, memo, None)
            };
            self.set_keep_lanes(false);
            found
        }
    }
}

#[cfg(all(test, feature = "game", feature = "build"))]
mod tests {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::alphabet::Alphabet;
    use crate::build::compile;
    use crate::equity::Play;
    use crate::klv::Klv;
    use crate::lexicon::Lexicon;
    use crate::movegen::{Generator, Options};
    use crate::position::Position;
    use crate::rack::Rack;
    use crate::rules::Rules;

    /// The replies to the best plays of reference positions, found from a
    /// search of the board before them (GADDAG and DAWG), equal those of a
    /// search from nothing: the same plays, the same equities, for the best 1 and 3;
    /// most were found without searching again, and fewer anchors were
    /// searched.
    #[test]
    fn replies_found_from_the_board_before_equal_full_searches() {
        let dir = env!("CARGO_MANIFEST_DIR");
        let a = Alphabet::english();
        let both = compile::enable_for_tests();
        let gaddag = Lexicon::from_vec(both.gaddag.clone()).unwrap();
        let dawg = Lexicon::from_vec(both.dawg.clone()).unwrap();
        gaddag.anagram_index();
        let klv = Klv::open(format!("{dir}/lexicons/enable1.klv2")).unwrap();
        let cgps = std::fs::read_to_string(format!("{dir}/tests/data/positions/enable_s1_200.cgp"))
            .unwrap();
        let opts = Options::default();
        let mut gen = Generator::new(Rules::default());
        let mut fresh = Generator::new(Rules::default());
        let mut kept = ReplyBase::default();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut replies, mut searched, mut searched_fresh) = (0u64, 0, 0);
        for (i, line) in cgps.lines().take(60).enumerate() {
            // Both generators: a DAWG's search finds the same plays from
            // the same anchors.
            let lex = if i % 4 == 3 { &dawg } else { &gaddag };
            let p = Position::parse_cgp(line, &a, 15).unwrap();
            // The opponent's rack, drawn from what the mover cannot see.
            let mut unseen: Vec<u8> = Vec::new();
            for (t, &c) in p.unseen(&a).iter().enumerate() {
                unseen.extend(std::iter::repeat_n(t as u8, c as usize));
            }
            unseen.shuffle(&mut rng);
            let mut rack = Rack::default();
            for &t in unseen.iter().take(7) {
                rack.add(t);
            }
            let mut base = p.clone();
            base.racks = [rack, Rack::default()];
            for c in fresh.best(lex, &p, &klv, 6, &opts) {
                let Play::Place(m) = &c.play else { continue };
                let mut pos = base.clone();
                m.apply(&mut pos.board);
                for n in [1, 3] {
                    let (got, stats) =
                        gen.best_reply(lex, lex, &base, &pos, &klv, n, &opts, None, &mut kept);
                    let (want, fresh_stats) = fresh.best_with_stats(lex, &pos, &klv, n, &opts);
                    assert_eq!(got, want, "{line}: reply to {}", c.play.text(&a));
                    replies += 1;
                    searched += stats.searched;
                    searched_fresh += fresh_stats.searched;
                }
            }
        }
        assert!(replies > 300, "{replies} replies");
        assert!(
            kept.reused * 10 > replies * 8,
            "{} of {replies} reused",
            kept.reused
        );
        // Searched again in full, a reply counts the anchors of both.
        assert!(
            searched * 10 < searched_fresh * 8,
            "{searched} anchors searched against {searched_fresh}"
        );
    }
}
