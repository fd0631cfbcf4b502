//! The full structural check `verify` runs: O(edges), from the bytes alone.
//! Opening a file does not need it (see [`super::edges`]); a file that
//! passes it is one the writer could have written.

use crate::error::Corruption;
use crate::format::header::{Header, Kind};

/// Full structural check of the edge array of `file` (a whole lexicon file
/// whose header `h` has passed `parse_header`): every target in range and
/// pointing forward, tiles inside the alphabet, siblings strictly ascending,
/// the last edge closing its node, and as many nodes as the header says.
/// O(edges); `verify` runs it, `open` does not need to.
pub fn check_edges(h: &Header, file: &[u8], alphabet_tiles: usize) -> Result<(), Corruption> {
    let n = h.edges;
    let eb = h.edge_bits() as u64;
    let tb = h.tile_bits as u32;
    let tile_mask = (1u64 << tb) - 1;
    let edge_mask = if eb >= 64 { u64::MAX } else { (1u64 << eb) - 1 };
    let start = h.edges_offset as usize;
    // Edge `i` from the bytes, with checked reads (`parse_header` checked
    // the length, so they do not fail on a parsed file).
    let raw = |i: u64| -> Result<u64, Corruption> {
        let bit = i * eb;
        let at = start + (bit >> 3) as usize;
        let chunk = file.get(at..at + 8).ok_or(Corruption::Truncated {
            len: file.len() as u64,
            needed: at as u64 + 8,
        })?;
        Ok(u64::from_le_bytes(chunk.try_into().unwrap()) >> (bit & 7) & edge_mask)
    };
    if h.masked() {
        return check_masked(h, alphabet_tiles, |i| raw(i).map(|r| r as u32));
    }
    let mut nodes = 0u64;
    for i in 0..n {
        let raw_i = raw(i)?;
        let bad = |what: String| Corruption::Edge {
            index: i,
            offset: h.edges_offset + i * eb / 8,
            what,
        };
        let tile = raw_i & tile_mask;
        let target = raw_i >> (tb + 2);
        if tile as usize > alphabet_tiles {
            return Err(bad(format!(
                "tile {tile} outside the alphabet of {alphabet_tiles}"
            )));
        }
        if tile == 0 && h.kind == Kind::Dawg {
            return Err(bad("separator edge in a DAWG".into()));
        }
        if target != 0 && (target <= i || target >= n) {
            return Err(bad(format!(
                "target {target} does not point forward inside the {n} edges"
            )));
        }
        if raw_i >> (tb + 1) & 1 == 0 {
            if i + 1 == n {
                return Err(bad("last edge of the array does not end its node".into()));
            }
            let next = raw(i + 1)? & tile_mask;
            if next <= tile {
                return Err(bad(format!("siblings out of order ({tile} then {next})")));
            }
        } else {
            nodes += 1;
        }
        if target == 0 && raw_i >> tb & 1 == 0 {
            return Err(bad("edge leads nowhere and ends no word".into()));
        }
    }
    if nodes != h.nodes {
        return Err(Corruption::Header {
            offset: 24,
            what: format!(
                "header says {} nodes, the edge array holds {nodes}",
                h.nodes
            ),
        });
    }
    Ok(())
}

/// [`check_edges`] for masked nodes (`slot(i)`: slot `i` of the array):
/// nodes back to back from slot 0, each a mask slot naming at least one
/// tile of the alphabet (no separator in a DAWG), then one edge per mask
/// bit with that bit's tile, in order, `last` on the final one only; every
/// target 0 or a later node's mask slot, and an edge with target 0
/// terminal.
fn check_masked(
    h: &Header,
    alphabet_tiles: usize,
    slot: impl Fn(u64) -> Result<u32, Corruption>,
) -> Result<(), Corruption> {
    let n = h.edges;
    let bad = |i: u64, what: String| Corruption::Edge {
        index: i,
        offset: h.edges_offset + 4 * i,
        what,
    };
    let mut starts = vec![false; n as usize];
    let mut targets = Vec::new();
    let mut nodes = 0u64;
    let mut i = 0u64;
    while i < n {
        let mask = slot(i)?;
        starts[i as usize] = true;
        nodes += 1;
        if mask == 0 {
            return Err(bad(i, "node mask names no tile".into()));
        }
        let top = 31 - mask.leading_zeros() as usize;
        if top > alphabet_tiles {
            return Err(bad(
                i,
                format!("node mask names tile {top}, outside the alphabet of {alphabet_tiles}"),
            ));
        }
        if mask & 1 != 0 && h.kind == Kind::Dawg {
            return Err(bad(i, "node mask names the separator in a DAWG".into()));
        }
        let width = mask.count_ones() as u64;
        if i + width >= n {
            return Err(bad(
                i,
                format!("node of {width} edges runs past the {n} slots"),
            ));
        }
        let mut bits = mask;
        for j in i + 1..=i + width {
            let e = slot(j)?;
            let want = bits.trailing_zeros();
            bits &= bits - 1;
            let tile = e & 31;
            if tile != want {
                return Err(bad(
                    j,
                    format!("edge of tile {tile} where the node mask says {want}"),
                ));
            }
            let last = e >> 6 & 1 != 0;
            if last != (j == i + width) {
                return Err(bad(j, "last bit does not match the node mask".into()));
            }
            let target = (e >> 7) as u64;
            if target == 0 && e >> 5 & 1 == 0 {
                return Err(bad(j, "edge leads nowhere and ends no word".into()));
            }
            if target != 0 {
                if target <= j || target >= n {
                    return Err(bad(
                        j,
                        format!("target {target} does not point forward inside the {n} slots"),
                    ));
                }
                targets.push((j, target));
            }
        }
        i += 1 + width;
    }
    if let Some(&(j, t)) = targets.iter().find(|&&(_, t)| !starts[t as usize]) {
        return Err(bad(j, format!("target {t} is not a node's mask slot")));
    }
    if nodes != h.nodes {
        return Err(Corruption::Header {
            offset: 24,
            what: format!(
                "header says {} nodes, the edge array holds {nodes}",
                h.nodes
            ),
        });
    }
    Ok(())
}
