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

use super::{LineCtx, MoveSink};
use crate::board::{tile_of, BLANK_FLAG};
use crate::format::Edges;

/// Generates the moves of one line.
pub(crate) fn gen_line<S: MoveSink>(ctx: &mut LineCtx<'_, S>, e: &Edges<'_>) {
    let n = ctx.n;
    for a in 0..n {
        let i = ctx.idx(a);
        if !ctx.lanes.anchor[i] {
            continue;
        }
        if a > 0 && ctx.sq(a - 1) != 0 {
            // The left part is the tiles already there.
            let mut k = a;
            while k > 0 && ctx.sq(k - 1) != 0 {
                k -= 1;
            }
            let mut node = 0u32;
            let mut main = 0;
            let mut ok = true;
            for p in k..a {
                let sq = ctx.sq(p);
                ctx.cur[p] = sq;
                main += if sq & BLANK_FLAG != 0 {
                    0
                } else {
                    ctx.scores[tile_of(sq) as usize]
                };
                match e.child(node, tile_of(sq)) {
                    Some(arc) if arc.target != 0 => node = arc.target,
                    _ => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                extend_right(ctx, e, a, node, a, k, 0, 0, main, 1, 0);
            }
        } else {
            let mut limit = 0;
            while a > limit
                && ctx.sq(a - limit - 1) == 0
                && !ctx.lanes.anchor[ctx.idx(a - limit - 1)]
            {
                limit += 1;
            }
            let placed_max = ctx.rack.iter().map(|&c| c as usize).sum::<usize>();
            let limit = limit.min(placed_max.saturating_sub(1));
            let mut left = [0u8; 32];
            left_part(ctx, e, a, 0, 0, limit, &mut left);
        }
    }
}

/// Tries every left part of up to `limit` more tiles ending left of anchor `a`.
#[allow(clippy::too_many_arguments)]
fn left_part<S: MoveSink>(
    ctx: &mut LineCtx<'_, S>,
    e: &Edges<'_>,
    a: usize,
    node: u32,
    len: usize,
    limit: usize,
    left: &mut [u8; 32],
) {
    // Score the left part where it now stands: squares a-len .. a-1, which
    // are empty non-anchors, so they form no cross words.
    let start = a - len;
    let mut main = 0;
    let mut wm = 1;
    let mut mask = 0u32;
    for (k, &sq) in left[..len].iter().enumerate() {
        let p = start + k;
        ctx.cur[p] = sq;
        let i = ctx.idx(p);
        let v = if sq & BLANK_FLAG != 0 {
            0
        } else {
            ctx.scores[tile_of(sq) as usize]
        };
        main += v * ctx.lanes.lm[i];
        wm *= ctx.lanes.wm[i];
        mask |= 1 << p;
    }
    extend_right(ctx, e, a, node, a, start, len as u32, mask, main, wm, 0);
    if limit == 0 {
        return;
    }
    for arc in e.children(node) {
        let t = arc.tile;
        if t == 0 || arc.target == 0 {
            continue;
        }
        for blank in [false, true] {
            let slot = if blank { 0 } else { t as usize };
            if ctx.rack[slot] == 0 {
                continue;
            }
            ctx.rack[slot] -= 1;
            // The DAWG reads the word forwards: the new tile goes last, next
            // to the anchor, and the whole left part shifts one square left.
            left[len] = t | if blank { BLANK_FLAG } else { 0 };
            left_part(ctx, e, a, arc.target, len + 1, limit - 1, left);
            ctx.rack[slot] += 1;
        }
    }
}

/// Places or reads the tile at `pos` and continues rightwards.
#[allow(clippy::too_many_arguments)]
fn extend_right<S: MoveSink>(
    ctx: &mut LineCtx<'_, S>,
    e: &Edges<'_>,
    a: usize,
    node: u32,
    pos: usize,
    start: usize,
    placed: u32,
    mask: u32,
    main: i32,
    wm: i32,
    cross: i32,
) {
    let n = ctx.n;
    if pos >= n {
        return;
    }
    let i = ctx.idx(pos);
    let sq = ctx.sq(pos);
    let next_free = pos + 1 == n || ctx.sq(pos + 1) == 0;
    if sq == 0 {
        let allowed = ctx.lanes.cross[i];
        if allowed == 0 {
            return;
        }
        let lm = ctx.lanes.lm[i];
        let w = ctx.lanes.wm[i];
        let has_cross = ctx.lanes.has_cross[i];
        let csum = ctx.lanes.csum[i];
        for arc in e.children(node) {
            let t = arc.tile;
            if t == 0 || allowed >> t & 1 == 0 {
                continue;
            }
            for blank in [false, true] {
                let slot = if blank { 0 } else { t as usize };
                if ctx.rack[slot] == 0 {
                    continue;
                }
                let v = if blank { 0 } else { ctx.scores[t as usize] };
                let main2 = main + v * lm;
                let cross2 = if has_cross {
                    cross + (csum + v * lm) * w
                } else {
                    cross
                };
                ctx.rack[slot] -= 1;
                ctx.cur[pos] = t | if blank { BLANK_FLAG } else { 0 };
                let mask2 = mask | 1 << pos;
                if arc.terminal && next_free {
                    ctx.record(start, pos, placed + 1, mask2, main2, wm * w, cross2);
                }
                if arc.target != 0 && pos + 1 < n {
                    extend_right(
                        ctx,
                        e,
                        a,
                        arc.target,
                        pos + 1,
                        start,
                        placed + 1,
                        mask2,
                        main2,
                        wm * w,
                        cross2,
                    );
                }
                ctx.rack[slot] += 1;
            }
        }
    } else {
        let Some(arc) = e.child(node, tile_of(sq)) else {
            return;
        };
        let v = if sq & BLANK_FLAG != 0 {
            0
        } else {
            ctx.scores[tile_of(sq) as usize]
        };
        ctx.cur[pos] = sq;
        if arc.terminal && next_free && placed > 0 {
            ctx.record(start, pos, placed, mask, main + v, wm, cross);
        }
        if arc.target != 0 {
            extend_right(
                ctx,
                e,
                a,
                arc.target,
                pos + 1,
                start,
                placed,
                mask,
                main + v,
                wm,
                cross,
            );
        }
    }
}
