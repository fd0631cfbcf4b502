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
