//! Gordon's move generation on a GADDAG.
//!
//! From each anchor the GADDAG is read *outwards*: first leftwards from the
//! anchor square (the path `rev(prefix)`), placing rack tiles or reading the
//! tiles already on the board, then — after the separator `◇` — rightwards
//! from the square right of the anchor. A word is recorded when the path
//! accepts and the squares beyond both ends are empty. Every prefix is a
//! path from the anchor, so no left part is ever generated that cannot be
//! completed through the anchor: the source of Gordon's speed-up over
//! Appel & Jacobson.
//!
//! Leftwards, tiles go only on empty squares that are not anchors (tiles on
//! the board are read through): a move is found from its leftmost anchor
//! only, so each move is found once.
//!
//! Where tiles stack ([`Scoring::STACKING`]), a tile that can take another
//! is an anchor too, and the search may place a tile on a tile: on the
//! anchor it must (a move found from an anchor covers it), right of it it
//! may, and left of it it may not (that tile would be the move's leftmost
//! anchor).

use super::search::LineCtx;
use super::MoveSink;
use crate::board::tile_of;
use crate::format::{Arc, Edges, Level1, NodeIndex, Widths};
use crate::scoring::Scoring;
use crate::simd::avx512_twin;

/// Running totals of a partial move (the tiles placed so far are the bits
/// of `mask`).
#[derive(Clone, Copy)]
struct Partial<T: Copy> {
    /// Bit `p` set when this move places a tile on square `p`.
    mask: u32,
    /// The score so far.
    tally: T,
}

/// Nothing placed yet.
#[inline(always)]
fn start<S: MoveSink, R: Scoring>(ctx: &LineCtx<'_, S, R>) -> Partial<R::Tally> {
    Partial {
        mask: 0,
        tally: ctx.scoring.start(),
    }
}

/// Generates the moves of one line.
pub(crate) fn gen_line<S: MoveSink, R: Scoring, W: Widths>(
    ctx: &mut LineCtx<'_, S, R>,
    e: &Edges<'_, W>,
) {
    let n = ctx.n;
    for a in 0..n {
        // Every move found from an anchor puts a tile on it.
        if !ctx.at(a).anchor || !can_fill(ctx, a) || !ctx.wants_anchor(a) {
            continue;
        }
        search_fillable_anchor(ctx, e, a);
    }
}

/// Generates the moves found from anchor `a` (see [`SearchPolicy::anchor`](super::SearchPolicy::anchor)),
/// if anything can go on it.
pub(crate) fn search_anchor<S: MoveSink, R: Scoring, W: Widths>(
    ctx: &mut LineCtx<'_, S, R>,
    e: &Edges<'_, W>,
    a: usize,
) {
    if can_fill(ctx, a) {
        search_fillable_anchor(ctx, e, a);
    }
}

/// Generates the moves found from anchor `a`, where something can go.
#[inline(always)]
fn search_fillable_anchor<S: MoveSink, R: Scoring, W: Widths>(
    ctx: &mut LineCtx<'_, S, R>,
    e: &Edges<'_, W>,
    a: usize,
) {
    let n = ctx.n;
    // When tiles follow the anchor, read them first (right to left): the
    // word must run through them, and starting there prunes every left
    // part that could not precede them. The GADDAG, unlike the DAWG, can
    // start reading a word anywhere.
    // Where tiles stack, the tiles after the anchor are no fixed part of
    // the word (each may be covered): the search starts at the anchor, as
    // Gordon's does, and reads or covers them after the separator.
    let mut r = a;
    while !R::STACKING && r + 1 < n && ctx.sq(r + 1) != 0 {
        r += 1;
    }
    ctx.anchor = a;
    ctx.run_end = r;
    ctx.right_free = r + 1 == n || ctx.sq(r + 1) == 0;
    if r == a && a > 0 && ctx.sq(a - 1) != 0 {
        // Tiles only before the anchor: the word starts with them (the
        // square before them is an anchor, so no tile of this search goes
        // there). Read them backwards, cross the separator, go right.
        from_left_run(ctx, e, a);
    } else if r > a {
        // Tiles after the anchor: the path starts with the last of them.
        let sq = ctx.sq(r);
        let top = ctx.top;
        if let Some(arc) = top.root.child(e, 0, tile_of(sq)) {
            ctx.cur[r & 31] = sq;
            let acc = Partial {
                mask: 0,
                tally: ctx.scoring.through(ctx.scoring.start(), ctx.at(r)),
            };
            go_on_left(ctx, e, r, arc, acc, Some(top.level1(tile_of(sq))));
        }
    } else {
        // The anchor itself, from the root.
        let top = ctx.top;
        let hits = e.select_ix(Some(&top.root), 0, ctx.at(a).cross & ctx.rack_mask());
        if hits != 0 {
            place::<S, R, W, false, true>(ctx, e, a, a, 0, hits, start(ctx));
        }
    }
}

/// Searches anchor `a` whose left neighbour holds tiles and right one not
/// (or, where tiles stack, may): the path `rev(tiles) ◇`, then rightwards
/// from the anchor.
fn from_left_run<S: MoveSink, R: Scoring, W: Widths>(
    ctx: &mut LineCtx<'_, S, R>,
    e: &Edges<'_, W>,
    a: usize,
) {
    let mut node = 0u32;
    let mut acc = start(ctx);
    let mut k = a;
    while k > 0 && ctx.sq(k - 1) != 0 {
        k -= 1;
        let sq = ctx.sq(k);
        ctx.cur[k & 31] = sq;
        acc.tally = ctx.scoring.through(acc.tally, ctx.at(k));
        match ctx.top.child(e, node, tile_of(sq)) {
            Some(arc) if arc.target != 0 => node = arc.target,
            _ => return,
        }
    }
    if let Some(sep) = e.separator(node) {
        if sep.target != 0 {
            fill::<S, R, W, true>(ctx, e, k, a, sep.target, acc, None);
        }
    }
}

/// Whether a rack tile can go on anchor `pos` (its cross-check allows one).
/// Checked before a call, to save the call.
#[inline(always)]
fn can_fill<S: MoveSink, R: Scoring>(ctx: &LineCtx<'_, S, R>, pos: usize) -> bool {
    ctx.at(pos).cross & ctx.rack_mask() != 0
}

/// Totals after placing a tile worth `v` on square `pos`.
#[inline(always)]
fn placed<S: MoveSink, R: Scoring>(
    ctx: &LineCtx<'_, S, R>,
    acc: Partial<R::Tally>,
    pos: usize,
    v: i32,
) -> Partial<R::Tally> {
    Partial {
        mask: acc.mask | 1 << pos,
        tally: ctx.scoring.place(acc.tally, ctx.at(pos), v),
    }
}

/// Fills square `pos` from `node` (indexed by `ix`, if given): with the
/// board's tile or with rack letters, then goes on rightwards (`RIGHT`, the
/// word starting at `start`) or leftwards, where the search also may cross
/// the separator. The node is scanned here, before any call, so that the
/// half of the visits that find nothing cost no call.
#[inline(always)]
fn fill<S: MoveSink, R: Scoring, W: Widths, const RIGHT: bool>(
    ctx: &mut LineCtx<'_, S, R>,
    e: &Edges<'_, W>,
    start: usize,
    pos: usize,
    node: u32,
    acc: Partial<R::Tally>,
    ix: Option<&NodeIndex>,
) {
    let q = ctx.at(pos);
    if q.tile != 0 {
        // Stacking: the anchor takes a tile, squares after it may, squares
        // before it are read.
        if !R::STACKING || pos != ctx.anchor {
            if let Some(arc) = e.child_ix(ix, node, tile_of(q.tile)) {
                through::<S, R, W, RIGHT>(ctx, e, start, pos, arc, acc);
            }
        }
        if R::STACKING && pos >= ctx.anchor {
            let hits = e.select_ix(ix, node, ctx.at(pos).cross & ctx.rack_mask());
            if hits != 0 {
                place::<S, R, W, RIGHT, false>(ctx, e, start, pos, node, hits, acc);
            }
        }
    } else {
        let hits = e.select_ix(ix, node, q.cross & ctx.rack_mask());
        if hits != 0 {
            place::<S, R, W, RIGHT, false>(ctx, e, start, pos, node, hits, acc);
        }
    }
}

avx512_twin! {
    /// Reads the board's tile on square `pos` through `arc`, then goes on as
    /// [`fill`] does.
    fn through / through_avx512, through_popcnt => through_body
    [S: MoveSink, R: Scoring, W: Widths, const RIGHT: bool] [S, R, W, RIGHT]
    (
        ctx: &mut LineCtx<'_, S, R>,
        e: &Edges<'_, W>,
        start: usize,
        pos: usize,
        arc: Arc,
        acc: Partial<R::Tally>,
    )
}

#[inline(always)]
fn through_body<S: MoveSink, R: Scoring, W: Widths, const RIGHT: bool>(
    ctx: &mut LineCtx<'_, S, R>,
    e: &Edges<'_, W>,
    start: usize,
    pos: usize,
    arc: Arc,
    acc: Partial<R::Tally>,
) {
    let sq = ctx.sq(pos);
    ctx.cur[pos & 31] = sq;
    let acc = Partial {
        tally: ctx.scoring.through(acc.tally, ctx.at(pos)),
        ..acc
    };
    if RIGHT {
        go_on_right(ctx, e, start, pos, arc, acc);
    } else {
        go_on_left(ctx, e, pos, arc, acc, None);
    }
}

avx512_twin! {
    /// Places the letter of each edge of `hits` (edges of `node`) on empty
    /// square `pos`, paid for by [`LineCtx::take_letter`], then goes on
    /// rightwards (`RIGHT`, the word starting at `start`) or leftwards.
    ///
    /// `ROOT` (leftwards only): `node` is the root, so each child is a
    /// [`Level1`] node, indexed. The const parameters make each use its own
    /// function with its continuation inlined: the same loop taking the
    /// continuation as a closure cost 14 % more instructions (callgrind).
    fn place / place_avx512, place_popcnt => place_body
    [S: MoveSink, R: Scoring, W: Widths, const RIGHT: bool, const ROOT: bool] [S, R, W, RIGHT, ROOT]
    (
        ctx: &mut LineCtx<'_, S, R>,
        e: &Edges<'_, W>,
        start: usize,
        pos: usize,
        node: u32,
        hits: u64,
        acc: Partial<R::Tally>,
    )
}

#[inline(always)]
fn place_body<S: MoveSink, R: Scoring, W: Widths, const RIGHT: bool, const ROOT: bool>(
    ctx: &mut LineCtx<'_, S, R>,
    e: &Edges<'_, W>,
    start: usize,
    pos: usize,
    node: u32,
    mut hits: u64,
    acc: Partial<R::Tally>,
) {
    debug_assert!(hits != 0);
    // Each edge is decoded one turn ahead and its target prefetched, so that
    // its node loads while the previous edge's subtree is searched. This
    // replaced a prefetch loop over all the hits before this one: the two
    // loops' exits both mispredicted, and every edge was decoded twice
    // (-8 % time on the stored suites).
    let keys = e.node_keys(node);
    let mut next = e.arc_in(node, keys, hits.trailing_zeros());
    e.prefetch(next.target);
    loop {
        let arc = next;
        hits &= hits - 1;
        if hits == 0 {
            // The last edge: nothing to decode ahead.
            place_one::<S, R, W, RIGHT, ROOT>(ctx, e, start, pos, arc, acc);
            return;
        }
        next = e.arc_in(node, keys, hits.trailing_zeros());
        e.prefetch(next.target);
        place_one::<S, R, W, RIGHT, ROOT>(ctx, e, start, pos, arc, acc);
    }
}

/// Places the letter of `arc` on `pos` and goes on (see [`place`]).
#[inline(always)]
fn place_one<S: MoveSink, R: Scoring, W: Widths, const RIGHT: bool, const ROOT: bool>(
    ctx: &mut LineCtx<'_, S, R>,
    e: &Edges<'_, W>,
    start: usize,
    pos: usize,
    arc: Arc,
    acc: Partial<R::Tally>,
) {
    let t = arc.tile as usize & 63;
    let slot = ctx.put_letter(pos, t);
    let acc = placed(ctx, acc, pos, ctx.scoring.value(slot));
    if RIGHT {
        go_on_right(ctx, e, start, pos, arc, acc);
    } else {
        let l1 = if ROOT {
            let top = ctx.top;
            Some(top.level1(t as crate::alphabet::Tile))
        } else {
            None
        };
        go_on_left(ctx, e, pos, arc, acc, l1);
    }
    ctx.put_back(slot);
}

/// After the tile at `pos` (leftwards phase): record, go further left, or
/// cross the separator and go right. `l1`: `arc` is a root edge, and this
/// is what follows it, indexed.
#[inline(always)]
fn go_on_left<S: MoveSink, R: Scoring, W: Widths>(
    ctx: &mut LineCtx<'_, S, R>,
    e: &Edges<'_, W>,
    pos: usize,
    arc: Arc,
    acc: Partial<R::Tally>,
    l1: Option<&Level1>,
) {
    let (a, r) = (ctx.anchor, ctx.run_end);
    // Until the anchor is covered this is only the tiles after it: no move yet.
    let covered = pos <= a;
    let left_free = pos == 0 || ctx.sq(pos - 1) == 0;
    if covered && arc.terminal && left_free && ctx.right_free {
        ctx.record(pos, r, acc.mask, acc.mask.count_ones(), acc.tally);
    }
    if arc.target == 0 {
        return;
    }
    // Through tiles on the board; onto the anchor; onto other empty squares
    // only if they are not anchors (each move is found from its leftmost
    // anchor). Where tiles stack, tiles on the board are anchors too.
    let next = pos.wrapping_sub(1);
    if pos > 0 && (!ctx.at(next).anchor || next == a || R::STACKING && ctx.sq(next) != 0) {
        fill::<S, R, W, false>(ctx, e, next, next, arc.target, acc, l1.map(|l| &l.ix));
    }
    if covered && left_free && r + 1 < ctx.n {
        let sep = match l1 {
            Some(l) => l.sep,
            None => e.separator(arc.target),
        };
        if let Some(sep) = sep {
            if sep.target != 0 {
                fill::<S, R, W, true>(ctx, e, pos, r + 1, sep.target, acc, l1.map(|l| &l.sep_ix));
            }
        }
    }
}

#[inline(always)]
fn go_on_right<S: MoveSink, R: Scoring, W: Widths>(
    ctx: &mut LineCtx<'_, S, R>,
    e: &Edges<'_, W>,
    start: usize,
    pos: usize,
    arc: Arc,
    acc: Partial<R::Tally>,
) {
    let n = ctx.n;
    if arc.terminal && (pos + 1 == n || ctx.sq(pos + 1) == 0) {
        ctx.record(start, pos, acc.mask, acc.mask.count_ones(), acc.tally);
    }
    if arc.target != 0 && pos + 1 < n {
        fill::<S, R, W, true>(ctx, e, start, pos + 1, arc.target, acc, None);
    }
}
