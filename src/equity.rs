//! The best plays by equity: placements, exchanges and the pass, ranked by
//! score plus leave ([`crate::leave`]), found without keeping every move.
//!
//! [`Generator::best`] searches with a [`TopN`] sink, which keeps the `n`
//! best plays so far and, through the search-policy seam, has the lanes
//! searched in order of their bound ([`MoveSink::lane_rank`]) and skips
//! every lane whose bound cannot reach the `n`-th best equity
//! ([`MoveSink::lane`]). A lane's bound is the most the squares a move can
//! reach there (from an anchor, through board tiles, onto at most a rack's
//! worth of empty squares some rack tile may go on) can make of the rack:
//! every tile at the highest letter premium, the highest word premiums,
//! the best cross words, the bingo bonus with a full rack; plus the best
//! value any leave of the rack can have. The result is exactly that of
//! ranking every play (tested on every reference position).
//!
//! The bound is still loose: on the stored ENABLE suite it skips about 6 %
//! of the lanes, and the search takes longer than generating every move
//! (`BEST=1 cargo run --release --example movegen_timing`). Tighter bounds,
//! per anchor, are the next step.
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

use std::cmp::Ordering;

use crate::alphabet::Alphabet;
use crate::board::{tile_of, Position, Rack, BLANK_FLAG};
use crate::lane::Lane;
use crate::leave::{equity, LeaveValue};
use crate::lexicon::Lexicon;
use crate::movegen::{Generator, Move, MoveSink, Options};
use crate::scoring::Scoring;

/// A play: tiles placed, an exchange, or a pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Play {
    Place(Move),
    /// The tiles put back in the bag.
    Exchange(Rack),
    Pass,
}

impl Play {
    /// `8D QUIRE`, `exchange AEI` or `pass`.
    pub fn text(&self, alphabet: &Alphabet) -> String {
        match self {
            Play::Place(m) => m.notation(alphabet),
            Play::Exchange(r) => format!("exchange {}", r.to_text(alphabet)),
            Play::Pass => "pass".to_string(),
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
            (Play::Exchange(a), Play::Exchange(b)) => a
                .len()
                .cmp(&b.len())
                .then_with(|| a.tiles().cmp(&b.tiles())),
            _ => rank(self).cmp(&rank(other)),
        }
    }
}

/// A play with its equity and the tiles it keeps.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    pub play: Play,
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

/// A sink that keeps the `n` best plays by equity and skips the lanes that
/// cannot improve on them (see the [module](self) docs).
pub struct TopN<'a, L: LeaveValue> {
    cx: Context<'a, L>,
    n: usize,
    /// Sorted best first, at most `n`.
    best: Vec<Ranked>,
    values: [i32; 64],
    rack_size: usize,
    bingo: i64,
    /// The most any leave of a move can add to its equity.
    leave_bound: f32,
    stats: Stats,
    /// Each lane's bound, from `lane_rank`, for `lane` to reuse: index
    /// `dir * 32 + line`.
    bounds: [i64; 64],
}

/// Where a lane's bound is kept in [`TopN::bounds`].
fn slot(lane: &Lane<'_>) -> usize {
    (lane.dir() as usize * 32 + lane.line()) & 63
}

/// How much of the board a best-play search looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Lanes searched.
    pub searched: usize,
    /// Lanes skipped: no move there could rank among the best.
    pub skipped: usize,
}

impl<'a, L: LeaveValue> TopN<'a, L> {
    fn offer(&mut self, r: Ranked) {
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
    }

    /// No move on `lane` scores more (see the [module](self) docs). Only
    /// the squares a move can reach count: from an anchor, through tiles on
    /// the board, onto at most `k` empty squares that some rack tile may go
    /// on (`k` the rack's tiles); an empty square no rack tile may go on
    /// ends the reach.
    fn score_bound(&self, lane: &Lane<'_>) -> i64 {
        let rack = lane.rack();
        let k: usize = rack.iter().map(|&c| c as usize).sum();
        let rack_sum: i64 = (0..64)
            .map(|t| rack[t] as i64 * self.values[t] as i64)
            .sum();
        let best_tile = (0..64)
            .filter(|&t| rack[t] > 0)
            .map(|t| self.values[t] as i64)
            .max()
            .unwrap_or(0);
        let placeable_tiles = if rack[0] > 0 {
            !1u64
        } else {
            (1..64)
                .filter(|&t| rack[t] > 0)
                .fold(0u64, |m, t| m | 1 << t)
        };
        let squares = lane.squares();
        let n = squares.len();
        let placeable =
            |i: usize| squares[i].tile() == 0 && squares[i].allowed() & placeable_tiles != 0;
        let mut reached = [false; 32];
        for a in (0..n).filter(|&a| squares[a].is_anchor() && placeable(a)) {
            reached[a] = true;
            for dir in [-1isize, 1] {
                let (mut i, mut budget) = (a as isize, k.saturating_sub(1));
                loop {
                    i += dir;
                    if i < 0 || i >= n as isize {
                        break;
                    }
                    let j = i as usize;
                    if squares[j].tile() != 0 {
                        reached[j] = true;
                    } else if budget > 0 && placeable(j) {
                        reached[j] = true;
                        budget -= 1;
                    } else {
                        break;
                    }
                }
            }
        }
        let (mut board, mut lm) = (0i64, 1i64);
        let (mut wms, mut crosses) = ([0i64; 32], [0i64; 32]);
        let (mut nw, mut nc) = (0, 0);
        for (q, _) in squares.iter().zip(&reached).filter(|(_, &r)| r) {
            let sq = q.tile();
            if sq != 0 {
                if sq & BLANK_FLAG == 0 {
                    board += self.values[tile_of(sq) as usize & 63] as i64;
                }
            } else {
                lm = lm.max(q.letter_mult() as i64);
                wms[nw] = q.word_mult() as i64;
                nw += 1;
                if q.has_cross() {
                    let lv = best_tile * q.letter_mult() as i64;
                    crosses[nc] = (q.cross_sum() as i64 + lv) * q.word_mult() as i64;
                    nc += 1;
                }
            }
        }
        if nw == 0 {
            return 0; // nothing can be placed here
        }
        let (wms, crosses) = (&mut wms[..nw], &mut crosses[..nc]);
        // With few squares reached all of them count, without sorting.
        let (wm, cross): (i64, i64) = if nw <= k {
            (wms.iter().product(), crosses.iter().sum())
        } else {
            wms.sort_unstable_by(|a, b| b.cmp(a));
            crosses.sort_unstable_by(|a, b| b.cmp(a));
            (wms.iter().take(k).product(), crosses.iter().take(k).sum())
        };
        let bingo = if k == self.rack_size { self.bingo } else { 0 };
        (rack_sum * lm + board) * wm + cross + bingo
    }
}

impl<L: LeaveValue> MoveSink for TopN<'_, L> {
    fn push(&mut self, m: &Move) {
        // Most moves cannot rank, whatever they keep: skip valuing them.
        if !self.could_rank(m.score as i64) {
            return;
        }
        let leave = self.cx.leave_of(m);
        let r = self.cx.rank(Play::Place(*m), leave);
        self.offer(r);
    }

    const RANKS_LANES: bool = true;

    fn lane_rank(&mut self, lane: &Lane<'_>) -> i64 {
        let bound = self.score_bound(lane);
        self.bounds[slot(lane)] = bound;
        bound
    }

    fn lane(&mut self, lane: &Lane<'_>) -> bool {
        // Ranked just before the search began: the bound is known.
        let keep = self.could_rank(self.bounds[slot(lane)]);
        if keep {
            self.stats.searched += 1;
        } else {
            self.stats.skipped += 1;
        }
        keep
    }
}

impl<L: LeaveValue> TopN<'_, L> {
    /// Whether a move scoring at most `score` could rank among the best.
    /// Ties could: a move of equal equity may come first in the order.
    fn could_rank(&self, score: i64) -> bool {
        match self.best.last() {
            Some(worst) if self.best.len() == self.n && self.n <= 64 => {
                score as f64 + self.leave_bound as f64 >= worst.equity as f64
            }
            _ => true,
        }
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

    /// [`Generator::best`], and how many lanes it searched and skipped.
    pub fn best_with_stats(
        &mut self,
        lex: &Lexicon,
        pos: &Position,
        leaves: &impl LeaveValue,
        n: usize,
        opts: &Options,
    ) -> (Vec<Ranked>, Stats) {
        let alphabet = lex.alphabet();
        let rules = self.rules().clone();
        let rack = pos.rack();
        let bag = pos.bag_len(alphabet, rules.rack_size);
        // With an empty bag the opponent holds every tile the mover cannot see.
        let opponent = if bag == 0 {
            pos.unseen(alphabet)
        } else {
            *pos.racks[1].counts()
        };
        let values = alphabet.values();
        let opp_value = crate::leave::tiles_value(alphabet, &opponent) as f32;
        // What each play but the pass puts down (a move's tiles, or an
        // exchange's), and so what it can keep: one pass over the rack's
        // sub-racks values both the exchanges and the best leave a move can
        // keep.
        let mut kept = Vec::new();
        let mut best_keep = 0.0f32;
        for out in rack.sub_racks() {
            let mut keep = *rack;
            for t in 0..64u8 {
                for _ in 0..out.count(t) {
                    keep.remove(t);
                }
            }
            best_keep = best_keep.max(leaves.value(keep.counts()));
            kept.push((out, keep));
        }
        // With an empty bag a leave is worth at most what going out gains.
        let leave_bound = if bag > 0 { best_keep } else { 2.0 * opp_value };
        let mut top = TopN {
            cx: Context {
                rack,
                bag,
                opponent,
                leaves,
                alphabet,
            },
            n,
            best: Vec::with_capacity(n.min(64) + 1),
            values,
            rack_size: rules.rack_size,
            bingo: rules.bingo_bonus as i64,
            leave_bound,
            stats: Stats::default(),
            bounds: [0; 64],
        };
        // Exchanges and the pass first: they set a floor that lets the
        // search skip lanes from the start.
        if bag >= rules.rack_size {
            for (out, keep) in kept {
                let r = top.cx.rank(Play::Exchange(out), keep);
                top.offer(r);
            }
        }
        let r = top.cx.rank(Play::Pass, *rack);
        top.offer(r);
        self.generate(lex, &pos.board, rack, opts, &mut top);
        if n > 64 {
            top.best.sort_by(|a, b| a.rank_cmp(b));
            top.best.truncate(n);
        }
        (top.best, top.stats)
    }
}
