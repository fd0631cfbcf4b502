//! Appel & Jacobson's move generation on a DAWG.
//!
//! For each anchor, in order along the line: if the square left of it holds
//! tiles, the left part is those tiles, read from the root; otherwise
//! *LeftPart* places rack tiles on the empty, non-anchor squares to the left
//! (so each move is found from its leftmost anchor only), and for every left
//! part *ExtendRight* places or reads tiles from the anchor rightwards,
//! recording a move whenever the path is a word and the next square is empty.
//!
//! The published ExtendRight records a word whenever the path is terminal and
//! the square is vacant, which would accept a left part alone; here a move is
//! recorded only after a tile is placed, and the anchor square — empty, and
//! the first square ExtendRight visits — is always the first tile placed, so
//! every move covers its anchor.
//!
//! Where tiles stack ([`Scoring::STACKING`]), a tile that can take another
//! is an anchor too: ExtendRight then places a tile on the anchor's tile
//! (never reads it) and may read or cover each tile after it; left of the
//! anchor, tiles are read, as any tile placed there would make the move's
//! leftmost anchor another square.

use super::search::LineCtx;
use super::MoveSink;
use crate::board::tile_of;
use crate::format::{Edges, Widths};
use crate::scoring::Scoring;
use crate::simd::avx512_twin;

/// Running totals of a partial move: tiles placed, on which squares, and
/// the score so far.
#[derive(Clone, Copy)]
struct Partial<T: Copy> {
    placed: u32,
    mask: u32,
    tally: T,
}

/// Generates the moves of one line.
pub(crate) fn gen_line<S: MoveSink, R: Scoring, W: Widths>(
    ctx: &mut LineCtx<'_, S, R>,
    e: &Edges<'_, W>,
) {
    let n = ctx.n;
    for a in 0..n {
        if !ctx.at(a).anchor || !ctx.wants_anchor(a) {
            continue;
        }
        search_anchor(ctx, e, a);
    }
}

/// Generates the moves found from anchor `a` (see
/// [`SearchPolicy::anchor`](super::SearchPolicy::anchor)).
#[inline(always)]
pub(crate) fn search_anchor<S: MoveSink, R: Scoring, W: Widths>(
    ctx: &mut LineCtx<'_, S, R>,
    e: &Edges<'_, W>,
    a: usize,
) {
    ctx.anchor = a;
    if a > 0 && ctx.sq(a - 1) != 0 {
        // The left part is the tiles already there.
        let mut k = a;
        while k > 0 && ctx.sq(k - 1) != 0 {
            k -= 1;
        }
        let mut node = 0u32;
        let mut tally = ctx.scoring.start();
        let mut ok = true;
        for p in k..a {
            let sq = ctx.sq(p);
            ctx.cur[p & 31] = sq;
            tally = ctx.scoring.through(tally, ctx.at(p));
            match ctx.top.child(e, node, tile_of(sq)) {
                Some(arc) if arc.target != 0 => node = arc.target,
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            let acc = Partial {
                placed: 0,
                mask: 0,
                tally,
            };
            extend_right(ctx, e, node, a, k, acc);
        }
    } else {
        let mut limit = 0;
        while a > limit && ctx.sq(a - limit - 1) == 0 && !ctx.at(a - limit - 1).anchor {
            limit += 1;
        }
        // One tile must stay for the anchor square.
        let limit = limit.min((ctx.tiles_total as usize).saturating_sub(1));
        let mut left = [0u8; 32];
        left_part(ctx, e, a, 0, 0, limit, &mut left);
    }
}

avx512_twin! {
    /// Tries every left part of up to `limit` more tiles ending left of anchor `a`.
    fn left_part / left_part_avx512, left_part_popcnt => left_part_body
    [S: MoveSink, R: Scoring, W: Widths] [S, R, W]
    (
        ctx: &mut LineCtx<'_, S, R>,
        e: &Edges<'_, W>,
        a: usize,
        node: u32,
        len: usize,
        limit: usize,
        left: &mut [u8; 32],
    )
}

#[inline(always)]
fn left_part_body<S: MoveSink, R: Scoring, W: Widths>(
    ctx: &mut LineCtx<'_, S, R>,
    e: &Edges<'_, W>,
    a: usize,
    node: u32,
    len: usize,
    limit: usize,
    left: &mut [u8; 32],
) {
    // Score the left part where it now stands: squares a-len .. a-1, which
    // are empty non-anchors, so they form no cross words.
    let start = a - len;
    let mut acc = Partial {
        placed: len as u32,
        mask: 0,
        tally: ctx.scoring.start(),
    };
    for (k, &sq) in left[..len].iter().enumerate() {
        let p = start + k;
        ctx.cur[p & 31] = sq;
        // Left of the anchor, squares are empty non-anchors: no cross word.
        acc.tally = ctx
            .scoring
            .place_alone(acc.tally, ctx.at(p), ctx.scoring.square_value(sq));
        acc.mask |= 1 << p;
    }
    extend_right(ctx, e, node, a, start, acc);
    if limit == 0 {
        return;
    }
    // Left squares are non-anchors: any rack tile fits.
    e.for_each_in(node, ctx.rack_mask(), |arc| {
        if arc.target == 0 {
            return true;
        }
        let t = arc.tile;
        let slot = ctx.take_letter(t as usize);
        // The DAWG reads the word forwards: the new tile goes last, next to
        // the anchor, and the whole left part shifts one square left.
        left[len & 31] = LineCtx::<S, R>::letter_sq(t as usize, slot);
        left_part(ctx, e, a, arc.target, len + 1, limit - 1, left);
        ctx.put_back(slot);
        true
    });
}

avx512_twin! {
    /// Places or reads the tile at `pos` and continues rightwards.
    fn extend_right / extend_right_avx512, extend_right_popcnt => extend_right_body
    [S: MoveSink, R: Scoring, W: Widths] [S, R, W]
    (
        ctx: &mut LineCtx<'_, S, R>,
        e: &Edges<'_, W>,
        node: u32,
        pos: usize,
        start: usize,
        acc: Partial<R::Tally>,
    )
}

#[inline(always)]
fn extend_right_body<S: MoveSink, R: Scoring, W: Widths>(
    ctx: &mut LineCtx<'_, S, R>,
    e: &Edges<'_, W>,
    node: u32,
    pos: usize,
    start: usize,
    acc: Partial<R::Tally>,
) {
    let n = ctx.n;
    if pos >= n {
        return;
    }
    let q = *ctx.at(pos);
    let next_free = pos + 1 == n || ctx.sq(pos + 1) == 0;
    if q.tile == 0 || R::STACKING {
        // An empty square, or (stacking) a tile that may be covered.
        let usable = q.cross & ctx.rack_mask();
        e.for_each_in(node, usable, |arc| {
            let slot = ctx.put_letter(pos, arc.tile as usize);
            let acc2 = Partial {
                placed: acc.placed + 1,
                mask: acc.mask | 1 << pos,
                tally: ctx.scoring.place(acc.tally, &q, ctx.scoring.value(slot)),
            };
            if arc.terminal && next_free {
                ctx.record(start, pos, acc2.mask, acc2.mask.count_ones(), acc2.tally);
            }
            if arc.target != 0
                && pos + 1 < n
                && ctx.tiles_total - acc2.placed + (ctx.sq(pos + 1) != 0) as u32 > 0
            {
                extend_right(ctx, e, arc.target, pos + 1, start, acc2);
            }
            ctx.put_back(slot);
            true
        });
    }
    // A tile on the board is read, except (stacking) on the anchor, which
    // the move covers.
    if q.tile != 0 && (!R::STACKING || pos != ctx.anchor) {
        let Some(arc) = e.child(node, tile_of(q.tile)) else {
            return;
        };
        ctx.cur[pos & 31] = q.tile;
        let acc = Partial {
            tally: ctx.scoring.through(acc.tally, &q),
            ..acc
        };
        if arc.terminal && next_free && acc.placed > 0 {
            ctx.record(start, pos, acc.mask, acc.mask.count_ones(), acc.tally);
        }
        if arc.target != 0 {
            extend_right(ctx, e, arc.target, pos + 1, start, acc);
        }
    }
}
