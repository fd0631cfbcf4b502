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

use super::{LineCtx, MoveSink};
use crate::board::{tile_of, BLANK_FLAG};
use crate::format::{Arc, Edges};
use crate::lexicon::separator_child;

/// Running totals of a partial move.
#[derive(Clone, Copy)]
struct Acc {
    placed: u32,
    mask: u32,
    main: i32,
    wm: i32,
    cross: i32,
}

/// Where a search starts: anchor `a`, and `r`, the last square of the tiles
/// already on the board right after it (`r == a` when `a + 1` is empty).
#[derive(Clone, Copy)]
struct Start {
    a: usize,
    r: usize,
}

/// Generates the moves of one line.
pub(crate) fn gen_line<S: MoveSink>(ctx: &mut LineCtx<'_, S>, e: &Edges<'_>) {
    let n = ctx.n;
    for a in 0..n {
        // Every move found from an anchor puts a tile on it.
        if !ctx.at(a).anchor || !can_fill(ctx, a) {
            continue;
        }
        // When tiles follow the anchor, read them first (right to left): the
        // word must run through them, and starting there prunes every left
        // part that could not precede them. The GADDAG, unlike the DAWG, can
        // start reading a word anywhere.
        let mut r = a;
        while r + 1 < n && ctx.sq(r + 1) != 0 {
            r += 1;
        }
        let acc = Acc {
            placed: 0,
            mask: 0,
            main: 0,
            wm: 1,
            cross: 0,
        };
        if r == a && a > 0 && ctx.sq(a - 1) != 0 {
            // Tiles only before the anchor: the word starts with them (the
            // square before them is an anchor, so no tile of this search goes
            // there). Read them backwards, cross the separator, go right.
            from_left_run(ctx, e, a, acc);
        } else {
            left(ctx, e, Start { a, r }, r, 0, acc);
        }
    }
}

/// Searches anchor `a` whose left neighbour holds tiles and right one not:
/// the path `rev(tiles) ◇`, then rightwards from the anchor.
fn from_left_run<S: MoveSink>(ctx: &mut LineCtx<'_, S>, e: &Edges<'_>, a: usize, mut acc: Acc) {
    let mut node = 0u32;
    let mut k = a;
    while k > 0 && ctx.sq(k - 1) != 0 {
        k -= 1;
        let sq = ctx.sq(k);
        ctx.cur[k & 31] = sq;
        acc.main += ctx.value(sq);
        match e.child(node, tile_of(sq)) {
            Some(arc) if arc.target != 0 => node = arc.target,
            _ => return,
        }
    }
    if let Some(sep) = separator_child(e, node) {
        if sep.target != 0 {
            right(ctx, e, k, a, sep.target, acc);
        }
    }
}

/// Fills square `pos` (at or left of the start) from `node`.
fn left<S: MoveSink>(
    ctx: &mut LineCtx<'_, S>,
    e: &Edges<'_>,
    st: Start,
    pos: usize,
    node: u32,
    acc: Acc,
) {
    let sq = ctx.sq(pos);
    if sq != 0 {
        if let Some(arc) = e.child(node, tile_of(sq)) {
            ctx.cur[pos & 31] = sq;
            let acc = Acc {
                main: acc.main + ctx.value(sq),
                ..acc
            };
            go_on_left(ctx, e, st, pos, arc, acc);
        }
        return;
    }
    each_placement(ctx, e, pos, node, acc, |ctx, arc, acc| {
        go_on_left(ctx, e, st, pos, arc, acc)
    });
}

/// Whether anything can go on square `pos`: a tile already there, or a rack
/// tile its cross-check allows. Checked before a call, to save the call.
#[inline(always)]
fn can_fill<S: MoveSink>(ctx: &LineCtx<'_, S>, pos: usize) -> bool {
    let q = ctx.at(pos);
    q.tile != 0 || q.cross & ctx.rack_mask() != 0
}

/// After the tile at `pos` (leftwards phase): record, go further left, or
/// cross the separator and go right.
#[inline(always)]
fn go_on_left<S: MoveSink>(
    ctx: &mut LineCtx<'_, S>,
    e: &Edges<'_>,
    st: Start,
    pos: usize,
    arc: Arc,
    acc: Acc,
) {
    let n = ctx.n;
    // Until the anchor is covered this is only the tiles after it: no move yet.
    let covered = pos <= st.a;
    let left_free = pos == 0 || ctx.sq(pos - 1) == 0;
    let right_free = st.r + 1 == n || ctx.sq(st.r + 1) == 0;
    if covered && arc.terminal && left_free && right_free {
        ctx.record(pos, st.r, acc.placed, acc.mask, acc.main, acc.wm, acc.cross);
    }
    if arc.target == 0 {
        return;
    }
    if pos > 0 {
        let prev = ctx.at(pos - 1);
        // Through tiles on the board; onto the anchor; onto other empty
        // squares only if they are not anchors (each move is found from its
        // leftmost anchor).
        if prev.tile != 0 || ((pos - 1 == st.a || !prev.anchor) && ctx.rack_mask() != 0) {
            left(ctx, e, st, pos - 1, arc.target, acc);
        }
    }
    if covered && left_free && st.r + 1 < n && can_fill(ctx, st.r + 1) {
        if let Some(sep) = separator_child(e, arc.target) {
            if sep.target != 0 {
                right(ctx, e, pos, st.r + 1, sep.target, acc);
            }
        }
    }
}

/// Fills square `pos` (right of the anchor) from `node`; the word starts at `start`.
fn right<S: MoveSink>(
    ctx: &mut LineCtx<'_, S>,
    e: &Edges<'_>,
    start: usize,
    pos: usize,
    node: u32,
    acc: Acc,
) {
    let sq = ctx.sq(pos);
    if sq != 0 {
        if let Some(arc) = e.child(node, tile_of(sq)) {
            ctx.cur[pos & 31] = sq;
            let acc = Acc {
                main: acc.main + ctx.value(sq),
                ..acc
            };
            go_on_right(ctx, e, start, pos, arc, acc);
        }
        return;
    }
    each_placement(ctx, e, pos, node, acc, |ctx, arc, acc| {
        go_on_right(ctx, e, start, pos, arc, acc)
    });
}

#[inline(always)]
fn go_on_right<S: MoveSink>(
    ctx: &mut LineCtx<'_, S>,
    e: &Edges<'_>,
    start: usize,
    pos: usize,
    arc: Arc,
    acc: Acc,
) {
    let n = ctx.n;
    if arc.terminal && (pos + 1 == n || ctx.sq(pos + 1) == 0) {
        ctx.record(
            start, pos, acc.placed, acc.mask, acc.main, acc.wm, acc.cross,
        );
    }
    if arc.target != 0 && pos + 1 < n && can_fill(ctx, pos + 1) {
        right(ctx, e, start, pos + 1, arc.target, acc);
    }
}

/// Places each rack tile (and each blank designation) that the node and the
/// square's cross-check allow on empty square `pos`, calling `then` for each.
#[inline(always)]
fn each_placement<S: MoveSink>(
    ctx: &mut LineCtx<'_, S>,
    e: &Edges<'_>,
    pos: usize,
    node: u32,
    acc: Acc,
    mut then: impl FnMut(&mut LineCtx<'_, S>, Arc, Acc),
) {
    let q = *ctx.at(pos);
    // Tiles worth looking at: allowed here, and on the rack (any with a blank).
    let usable = q.cross & ctx.rack_mask();
    let (lm, w) = (q.lm as i32, q.wm as i32);
    e.for_each_in(node, usable, |arc| {
        let t = arc.tile;
        for blank in [false, true] {
            let slot = if blank { 0 } else { t as usize };
            if ctx.rack[slot & 63] == 0 {
                continue;
            }
            let v = if blank {
                0
            } else {
                ctx.scores[t as usize & 63]
            };
            let acc2 = Acc {
                placed: acc.placed + 1,
                mask: acc.mask | 1 << pos,
                main: acc.main + v * lm,
                wm: acc.wm * w,
                cross: if q.has_cross {
                    acc.cross + (q.csum + v * lm) * w
                } else {
                    acc.cross
                },
            };
            ctx.take(slot);
            ctx.cur[pos & 31] = t | if blank { BLANK_FLAG } else { 0 };
            then(ctx, arc, acc2);
            ctx.put_back(slot);
        }
        true
    });
}
