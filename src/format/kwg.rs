//! KWG node arrays (the wolges / MAGPIE / Macondo word-graph format) as
//! lexgraph reads them: the node layouts, and the check at open that makes
//! every later walk of an untrusted file safe and finite.
//!
//! A KWG is a flat array of little-endian `u32` nodes, each one arc; a
//! sibling list runs up to a node marked *end*, and an arc's index names
//! where the list of its children starts (0: none). Node 0 holds the
//! DAWG's root list in its arc, and in the GADDAWG layout node 1 the
//! GADDAG's. Two node layouts exist:
//!
//! ```text
//! 22-bit arcs (KWG):        tile 31..24 | accepts 23 | end 22 | arc 21..0
//! 24-bit arcs (big, KBWG):  tile 31..26 | accepts 25 | end 24 | arc 23..0
//! ```
//!
//! The root node (tile 0, end set) tells them apart: in the first layout
//! its bits 31..23 are clear, in the second bit 24 is set.
//!
//! Unlike lexgraph's own files, a KWG's arcs may point backwards (the
//! reference writer places the busiest lists first), so the reader cannot
//! rely on "targets point forward" to end every walk. [`check`] therefore
//! reads the whole array once, iteratively: every arc inside the array,
//! every list ended before the array ends, siblings strictly ascending,
//! tiles inside the alphabet, no separator in the DAWG part, and no cycle
//! (a depth-first search with an explicit stack, so that a deep or looping
//! file costs memory proportional to its size, never the call stack).

use crate::alphabet::Tile;
use crate::error::{Error, Result};

/// Which node layout a KWG uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KwgLayout {
    /// 22-bit arcs: what every engine of the ecosystem reads.
    Arcs22,
    /// 24-bit arcs and 6-bit tiles (the "big" variant): lists of more than
    /// 2^22 nodes.
    Arcs24,
}

impl KwgLayout {
    /// Nodes the layout can address.
    pub fn max_nodes(self) -> usize {
        match self {
            KwgLayout::Arcs22 => 1 << 22,
            KwgLayout::Arcs24 => 1 << 24,
        }
    }

    /// The fields of `node`: `(tile, accepts, end, arc)`.
    #[inline(always)]
    pub fn unpack(self, node: u32) -> (Tile, bool, bool, u32) {
        match self {
            KwgLayout::Arcs22 => (
                (node >> 24) as Tile,
                node >> 23 & 1 != 0,
                node >> 22 & 1 != 0,
                node & 0x3f_ffff,
            ),
            KwgLayout::Arcs24 => (
                (node >> 26) as Tile,
                node >> 25 & 1 != 0,
                node >> 24 & 1 != 0,
                node & 0xff_ffff,
            ),
        }
    }

    /// A node from its fields (`arc` must fit the layout; `tile` 0..=63).
    pub fn pack(self, tile: Tile, accepts: bool, end: bool, arc: u32) -> u32 {
        let (t, a, e) = (tile as u32, accepts as u32, end as u32);
        match self {
            KwgLayout::Arcs22 => t << 24 | a << 23 | e << 22 | (arc & 0x3f_ffff),
            KwgLayout::Arcs24 => t << 26 | a << 25 | e << 24 | (arc & 0xff_ffff),
        }
    }
}

/// What [`check`] learned of a valid array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KwgInfo {
    pub layout: KwgLayout,
    /// Nodes in the array.
    pub nodes: u32,
    /// The DAWG's root list (0: no words).
    pub dawg_root: u32,
    /// The GADDAG's root list, in a GADDAWG.
    pub gaddag_root: Option<u32>,
    /// Words of the DAWG.
    pub words: u64,
    /// Tiles of the longest word.
    pub longest: u32,
    /// Sibling lists reachable from the roots (a list sharing another's
    /// tail counts once per start).
    pub lists: u64,
}

/// Node `i` of `bytes` (callers keep `4 * i + 4 <= bytes.len()`).
#[inline(always)]
pub(crate) fn node_at(bytes: &[u8], i: usize) -> u32 {
    u32::from_le_bytes(bytes[4 * i..4 * i + 4].try_into().unwrap())
}

/// Whether `bytes` looks like a KWG: a whole number of nodes, the first a
/// root node of either layout. (A KWG has no magic bytes; a lexgraph file
/// starts with `LEXGRAPH`, which is not a root node.)
pub fn looks_like_kwg(bytes: &[u8]) -> bool {
    bytes.len() >= 4 && bytes.len().is_multiple_of(4) && root_layout(node_at(bytes, 0)).is_some()
}

/// The layout whose root node `node` is.
fn root_layout(node: u32) -> Option<KwgLayout> {
    if node >> 23 == 0 && node >> 22 & 1 == 1 {
        Some(KwgLayout::Arcs22)
    } else if node >> 25 == 0 && node >> 24 & 1 == 1 {
        Some(KwgLayout::Arcs24)
    } else {
        None
    }
}

/// Checks a whole KWG (see the [module](self) docs) whose tiles must be
/// `1..=max_tile` (0 only as the GADDAG's separator). O(nodes) time and
/// memory, no recursion. Every fault is [`Error::BadFile`] naming the node
/// and its byte offset.
pub fn check(bytes: &[u8], origin: &str, max_tile: Tile) -> Result<KwgInfo> {
    let bad = |i: usize, msg: String| Error::BadFile {
        origin: origin.to_string(),
        offset: 4 * i as u64,
        msg: format!("KWG node {i}: {msg}"),
    };
    if bytes.len() < 4 || !bytes.len().is_multiple_of(4) {
        return Err(Error::BadFile {
            origin: origin.to_string(),
            offset: bytes.len() as u64,
            msg: format!(
                "{} bytes: a KWG is a whole number of 4-byte nodes, at least one",
                bytes.len()
            ),
        });
    }
    let n = bytes.len() / 4;
    let layout = root_layout(node_at(bytes, 0)).ok_or_else(|| {
        bad(
            0,
            "not a root node (tile 0, end of list): not a KWG file".into(),
        )
    })?;
    if n > layout.max_nodes() {
        return Err(bad(
            layout.max_nodes(),
            format!("{n} nodes; the layout addresses {}", layout.max_nodes()),
        ));
    }
    let unpack = |i: usize| layout.unpack(node_at(bytes, i));
    let (_, _, _, dawg_root) = unpack(0);
    // A second root node (tile 0, end, not accepting) makes a GADDAWG, or
    // with no arc MAGPIE's DAWG-only layout; anything else at node 1 is the
    // start of a list.
    let second = (n >= 2)
        .then(|| unpack(1))
        .filter(|&(t, acc, end, _)| t == 0 && !acc && end);
    let roots = 1 + second.is_some() as usize;
    let gaddag_root = second.map(|s| s.3).filter(|&g| g != 0);
    // 0 new, 1 on the search's path, 2 done: per node.
    let mut state = vec![0u8; n];
    // Per node: words and longest word below it and its later siblings.
    let mut words = vec![0u64; n];
    let mut longest = vec![0u32; n];
    let mut lists = 0u64;
    // (node, whether its children were pushed).
    let mut stack: Vec<(u32, bool)> = Vec::new();
    for (root, dawg) in [(dawg_root, true), (gaddag_root.unwrap_or(0), false)] {
        if root == 0 {
            continue;
        }
        let r = root as usize;
        if r >= n || r < roots {
            let at = if dawg { 0 } else { 1 };
            return Err(bad(at, format!("root arc {root} is outside the lists")));
        }
        if state[r] == 0 {
            stack.push((root, false));
        }
        while let Some(&mut (i, ref mut opened)) = stack.last_mut() {
            let i = i as usize;
            let (tile, accepts, end, arc) = unpack(i);
            if !*opened && state[i] == 2 {
                // Pushed twice, and finished through the other entry.
                stack.pop();
                continue;
            }
            if !*opened {
                *opened = true;
                state[i] = 1;
                if tile as usize > max_tile as usize {
                    return Err(bad(
                        i,
                        format!("tile {tile} is outside the alphabet's 1..={max_tile}"),
                    ));
                }
                if tile == 0 && dawg {
                    return Err(bad(i, "tile 0 (the separator) in the DAWG part".into()));
                }
                if arc != 0 && (arc as usize >= n || (arc as usize) < roots) {
                    return Err(bad(
                        i,
                        format!("arc {arc} is outside the {} lists of the array", n - roots),
                    ));
                }
                if !end {
                    if i + 1 == n {
                        return Err(bad(i, "the last sibling list does not end".into()));
                    }
                    let (next, ..) = unpack(i + 1);
                    if next <= tile {
                        return Err(bad(
                            i + 1,
                            format!("siblings out of order (tile {tile}, then {next})"),
                        ));
                    }
                }
                if accepts && !dawg && tile == 0 {
                    return Err(bad(i, "a separator that accepts".into()));
                }
                if !accepts && arc == 0 {
                    return Err(bad(i, "an arc that leads nowhere and ends no word".into()));
                }
                // Children and the next sibling before this node is done;
                // either one on the path is a cycle.
                for next in [(!end).then_some(i + 1), (arc != 0).then_some(arc as usize)]
                    .into_iter()
                    .flatten()
                {
                    match state[next] {
                        0 => {
                            if next == arc as usize {
                                lists += 1;
                            }
                            stack.push((next as u32, false));
                        }
                        1 => {
                            return Err(bad(
                                i,
                                format!("arc {next} leads back to a list on its own path: a cycle"),
                            ))
                        }
                        _ => {}
                    }
                }
                continue;
            }
            stack.pop();
            state[i] = 2;
            // Words counted from the DAWG part only (a GADDAG path is not a
            // word; its separator-free paths are the words reversed).
            let (below, deeper) = if arc != 0 {
                (words[arc as usize], longest[arc as usize])
            } else {
                (0, 0)
            };
            let (mut w, mut l) = (
                below.saturating_add(accepts as u64),
                if below > 0 {
                    deeper + 1
                } else {
                    accepts as u32
                },
            );
            if !end {
                w = w.saturating_add(words[i + 1]);
                l = l.max(longest[i + 1]);
            }
            words[i] = w;
            longest[i] = l;
        }
        if dawg {
            lists += 1;
        }
    }
    let (w, l) = match dawg_root {
        0 => (0, 0),
        r => (words[r as usize], longest[r as usize]),
    };
    Ok(KwgInfo {
        layout,
        nodes: n as u32,
        dawg_root,
        gaddag_root,
        words: w,
        longest: l,
        lists,
    })
}

/// The words below the list at `root` of a checked array, as tiles, in
/// array order (sorted, in a checked file): an explicit stack, one entry
/// per tile of the current word.
pub fn word_tiles(bytes: &[u8], layout: KwgLayout, root: u32) -> Vec<Vec<Tile>> {
    let mut out = Vec::new();
    let mut word: Vec<Tile> = Vec::new();
    // (node, depth)
    let mut stack = vec![(root as usize, 0usize)];
    let n = bytes.len() / 4;
    while let Some((i, depth)) = stack.pop() {
        if i == 0 || i >= n {
            continue;
        }
        let (tile, accepts, end, arc) = layout.unpack(node_at(bytes, i));
        word.truncate(depth);
        word.push(tile);
        if accepts {
            out.push(word.clone());
        }
        if !end {
            stack.push((i + 1, depth));
        }
        if depth < n {
            stack.push((arc as usize, depth + 1));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(nodes: &[u32]) -> Vec<u8> {
        nodes.iter().flat_map(|n| n.to_le_bytes()).collect()
    }

    #[test]
    fn both_layouts_round_trip_their_fields() {
        for l in [KwgLayout::Arcs22, KwgLayout::Arcs24] {
            for (t, a, e, arc) in [
                (0, false, true, 5),
                (63, true, false, 0x3f_ffff),
                (26, true, true, 1),
            ] {
                assert_eq!(l.unpack(l.pack(t, a, e, arc)), (t, a, e, arc));
            }
            assert_eq!(root_layout(l.pack(0, false, true, 77)), Some(l));
        }
    }

    #[test]
    fn faults_name_the_node() {
        let l = KwgLayout::Arcs22;
        let p = |t, a, e, arc| l.pack(t, a, e, arc);
        let e = |nodes: &[u32]| check(&bytes(nodes), "t", 26).unwrap_err().to_string();
        assert!(e(&[p(0, false, true, 1), p(1, true, true, 9)]).contains("KWG node 1: arc 9"));
        assert!(e(&[p(0, false, true, 1), p(1, true, false, 0)]).contains("does not end"));
        assert!(e(&[
            p(0, false, true, 1),
            p(2, true, false, 0),
            p(1, true, true, 0)
        ])
        .contains("KWG node 2: siblings out of order"));
        assert!(e(&[p(0, false, true, 1), p(1, true, true, 1)]).contains("a cycle"));
        assert!(e(&[p(0, false, true, 1), p(27, true, true, 0)]).contains("tile 27"));
        assert!(e(&[p(2, false, true, 1)]).contains("not a KWG"));
        assert!(check(&[1, 2, 3], "t", 26)
            .unwrap_err()
            .to_string()
            .contains("4-byte"));
        // A longer cycle, through a shared tail.
        let c = e(&[
            p(0, false, true, 1),
            p(1, false, true, 2),
            p(2, true, false, 0),
            p(3, false, true, 1),
        ]);
        assert!(c.contains("a cycle"), "{c}");
    }

    #[test]
    fn counts_words_and_the_longest() {
        let l = KwgLayout::Arcs22;
        let p = |t, a, e, arc| l.pack(t, a, e, arc);
        // A, AB, B: root list {A (accepts, -> {B}), B (accepts)}.
        let nodes = [
            p(0, false, true, 1),
            p(1, true, false, 3),
            p(2, true, true, 0),
            p(2, true, true, 0),
        ];
        let info = check(&bytes(&nodes), "t", 26).unwrap();
        assert_eq!((info.words, info.longest, info.gaddag_root), (3, 2, None));
        assert_eq!(
            word_tiles(&bytes(&nodes), l, info.dawg_root),
            [vec![1], vec![1, 2], vec![2]]
        );
    }
}
