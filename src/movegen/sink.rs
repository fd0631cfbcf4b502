//! Where moves go ([`MoveSink`]), what is searched ([`SearchPolicy`]), and
//! the sinks every caller needs.

use std::cmp::Ordering;

use super::moves::Move;
use crate::lane::Lane;

/// Receives moves as they are found.
///
/// A sink is also a [`SearchPolicy`]: what the generator searches, which is
/// everything unless the sink says otherwise (`impl SearchPolicy for MySink
/// {}` keeps every default). Any closure taking a move is a sink.
pub trait MoveSink: SearchPolicy {
    /// A legal move, scored.
    fn push(&mut self, m: &Move);
}

/// What the generator searches, decided by the sink the moves go to.
///
/// Besides the moves, a sink sees each [`Lane`] (a line of the board, in
/// one direction) before it is searched, and each anchor of it: returning
/// `false` skips it. This is the seam for a best-move search: a sink that
/// keeps the best move so far can skip what cannot beat it, or rank the
/// anchors by a bound and stop at the first that cannot rank
/// ([`SearchPolicy::RANKS_ANCHORS`]). The defaults search everything, and
/// compile to nothing.
///
/// ```
/// use lexgraph::movegen::{Lane, MoveSink, SearchPolicy};
/// use lexgraph::{compile, Alphabet, Board, Dir, Generator, Lexicon, Move, Options, Rack, Rules, WordList};
///
/// /// Counts the across moves only, without searching down lanes.
/// struct AcrossOnly(usize);
/// impl MoveSink for AcrossOnly {
///     fn push(&mut self, m: &Move) {
///         assert_eq!(m.dir, Dir::Across);
///         self.0 += 1;
///     }
/// }
/// impl SearchPolicy for AcrossOnly {
///     fn lane(&mut self, lane: &Lane<'_>) -> bool {
///         lane.dir() == Dir::Across
///     }
/// }
/// # let words = WordList::parse(b"at\nta\ncat\nact\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
/// # let gaddag = Lexicon::from_vec(compile::compile(&words).gaddag)?;
/// let mut board = Board::new(15);
/// # let a = gaddag.alphabet();
/// board.set(7, 7, a.tile_by_label("A").unwrap());
/// let rack = Rack::parse("CT", a)?;
/// let mut sink = AcrossOnly(0);
/// Generator::new(Rules::default()).generate(&gaddag, &board, &rack, &Options::default(), &mut sink);
/// assert!(sink.0 > 0);
/// # Ok::<(), lexgraph::Error>(())
/// ```
pub trait SearchPolicy {
    /// Whether the generator ranks the anchors of every lane first
    /// ([`SearchPolicy::anchor_ranks`]) and then searches them best first,
    /// across all lanes, for as long as [`SearchPolicy::worth`] says (by
    /// default, no: lanes in board order, across lines first, each anchor
    /// in line order). Decided at compile time: the default path has no
    /// trace of it.
    const RANKS_ANCHORS: bool = false;

    /// With [`SearchPolicy::RANKS_ANCHORS`]: sets `ranks[pos]` for each anchor
    /// `pos` of `lane` (other entries are not read), where the moves found
    /// from that anchor go in the search order: higher first, ties in board
    /// order. A best-move search ranks each anchor by the most its moves
    /// can be worth, so the best moves come early and the search can stop.
    /// An anchor ranked `-inf` is not searched at all.
    /// Called once per lane, before any search, for the lanes
    /// [`SearchPolicy::lane`] accepts.
    #[inline(always)]
    fn anchor_ranks(&mut self, lane: &Lane<'_>, ranks: &mut [f32]) {
        let _ = (lane, ranks);
    }

    /// With [`SearchPolicy::RANKS_ANCHORS`]: the anchor on square `pos` of
    /// `lane`, ranked `rank`, looked at again when its turn comes (by
    /// default, the same rank). A sink may rank first by a bound that is
    /// cheap but loose and give a tighter one here, never higher: the
    /// anchor then goes back in the order at its new rank. Asked once per
    /// anchor, before [`SearchPolicy::worth`].
    #[inline(always)]
    fn rerank(&mut self, lane: &Lane<'_>, pos: usize, rank: f32) -> f32 {
        let _ = (lane, pos);
        rank
    }

    /// With [`SearchPolicy::RANKS_ANCHORS`]: whether to go on to the next
    /// anchor, ranked `rank`. `false` ends the search: every anchor left
    /// ranks `rank` or lower.
    #[inline(always)]
    fn worth(&mut self, rank: f32) -> bool {
        let _ = rank;
        true
    }

    /// With [`SearchPolicy::RANKS_ANCHORS`]: whether a move scoring `score`
    /// with `placed` tiles from the rack could be wanted, asked before the
    /// move is built (by default, yes). With blanks on the rack, `score` is
    /// that of the move paid with real tiles, the most any of its blank
    /// assignments scores; `blank`: every assignment plays a blank (the
    /// real tiles could not pay for the letters). A sink that keeps only
    /// the best moves refuses most here, for the cost of a comparison
    /// instead of copied moves.
    #[inline(always)]
    fn may_want(&mut self, score: i32, placed: u32, blank: bool) -> bool {
        let _ = (score, placed, blank);
        true
    }

    /// With [`SearchPolicy::RANKS_ANCHORS`], for an anchor [`SearchPolicy::anchor`]
    /// accepted: whether moves that play a blank could be wanted (by
    /// default, yes). If not, the anchor is searched as if the rack had no
    /// blank, which costs several times less.
    #[inline(always)]
    fn blanks_wanted(&mut self, lane: &Lane<'_>, pos: usize) -> bool {
        let _ = (lane, pos);
        true
    }

    /// Whether to search `lane` (by default, yes).
    #[inline(always)]
    fn lane(&mut self, lane: &Lane<'_>) -> bool {
        let _ = lane;
        true
    }

    /// Whether to search the moves found from the anchor on square `pos`
    /// of `lane` (by default, yes). Each move is found from one anchor: its
    /// leftmost (topmost) one. So a move found from `pos` places a tile on
    /// it, and left of it either reads the tiles on the board right before
    /// it or places tiles on empty squares that are not anchors; right of
    /// it, anything.
    #[inline(always)]
    fn anchor(&mut self, lane: &Lane<'_>, pos: usize) -> bool {
        let _ = (lane, pos);
        true
    }
}

impl MoveSink for Vec<Move> {
    fn push(&mut self, m: &Move) {
        Vec::push(self, *m);
    }
}

impl SearchPolicy for Vec<Move> {}

/// Any closure taking a move is a sink.
///
/// ```
/// # use lexgraph::{Alphabet, Lexicon, WordList, compile};
/// # use lexgraph::{Board, Rack};
/// use lexgraph::movegen::{Generator, Move, Options};
/// # use lexgraph::rules::Rules;
/// # let words = WordList::parse(b"at\nta\ncat\nact\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
/// # let gaddag = Lexicon::from_vec(compile::compile(&words).gaddag)?;
/// # let rack = Rack::parse("CAT", gaddag.alphabet())?;
/// let mut gen = Generator::new(Rules::default());
/// let (mut n, mut best) = (0, 0);
/// let mut sink = |m: &Move| {
///     n += 1;
///     best = best.max(m.score);
/// };
/// gen.generate(&gaddag, &Board::new(15), &rack, &Options::default(), &mut sink);
/// assert_eq!((n, best), (10, 10));
/// # Ok::<(), lexgraph::Error>(())
/// ```
impl<F: FnMut(&Move)> MoveSink for F {
    fn push(&mut self, m: &Move) {
        self(m)
    }
}

impl<F: FnMut(&Move)> SearchPolicy for F {}

/// Counts moves without keeping them.
#[derive(Default, Debug, Clone, Copy)]
pub struct Counter(pub usize);

impl MoveSink for Counter {
    fn push(&mut self, _: &Move) {
        self.0 += 1;
    }
}

impl SearchPolicy for Counter {}

/// Keeps only the highest-scoring move (ties: canonical order).
#[derive(Default, Debug, Clone)]
pub struct Best(pub Option<Move>);

impl MoveSink for Best {
    fn push(&mut self, m: &Move) {
        if self
            .0
            .as_ref()
            .is_none_or(|b| m.canonical_cmp(b) == Ordering::Less)
        {
            self.0 = Some(*m);
        }
    }
}

impl SearchPolicy for Best {}
