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
//! 24-bit arcs (big, KBWG):  arc 31..8 | accepts 7 | end 6 | tile 5..0
//! ```
//!
//! (The big layout is the one the reference compiler writes and reads:
//! andy-k/kwgc, `kbwgc_write_node` in kwgc.c and the `KbwgNode` bit field
//! of kbwgdbg.c; see formats/kwg.md.) The reference tells the two apart by
//! the file name (`.kwg`, `.kbwg`); a file's bytes usually do too, by its
//! root node (tile 0, end set): bits 31..23 clear and bit 22 set in the
//! first layout, low byte 0x40 in the second. A root node that fits both
//! is decided by which layout the whole array checks in ([`check`]).
//!
//! Unlike lexgraph's own files, a KWG's arcs may point backwards (the
//! reference writer places the busiest lists first), so the reader cannot
//! rely on "targets point forward" to end every walk. [`check`] therefore
//! reads the whole array once, iteratively: every arc inside the array,
//! every list ended before the array ends, siblings strictly ascending,
//! tiles inside the alphabet, no separator in the DAWG part, and no cycle
//! (a depth-first search with an explicit stack, so that a deep or looping
//! file costs memory proportional to its size, never the call stack).
//!
//! A minimal graph shares its tails, so a few hundred bytes can spell
//! billions of words (7 lists of 26 accepting arcs, each pointing to the
//! next: 8·10⁹ words in 732 bytes). What reads every word (`import`, word
//! streams, `verify`'s GADDAG check) costs their tiles, so the check counts
//! them on the way and refuses a file whose words hold more than
//! [`MAX_TILES_PER_NODE`] tiles per node: then every such reader is linear
//! in the file's size.

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

/// The 22-bit layout's fields as shifts and masks: the one definition of
/// that layout's bits, for [`KwgLayout::Arcs22`] and for the loops that read
/// only that layout (a KLV's graph in `crate::klv`, the writer's arrays in
/// `crate::kwg`).
pub mod arcs22 {
    /// The tile is bits 31..24.
    pub const TILE_SHIFT: u32 = 24;
    /// Bit 23: the path ending with this arc is a word.
    pub const ACCEPTS: u32 = 1 << 23;
    /// Bit 22: the last arc of its sibling list.
    pub const IS_END: u32 = 1 << 22;
    /// Bits 21..0: the node where the children's list starts (0: none).
    pub const ARC_MASK: u32 = (1 << 22) - 1;
    /// Nodes the arcs can address.
    pub const MAX_NODES: usize = 1 << 22;
}

impl KwgLayout {
    /// Nodes the layout can address.
    pub fn max_nodes(self) -> usize {
        match self {
            KwgLayout::Arcs22 => arcs22::MAX_NODES,
            KwgLayout::Arcs24 => 1 << 24,
        }
    }

    /// The fields of `node`: `(tile, accepts, end, arc)`.
    #[inline(always)]
    pub fn unpack(self, node: u32) -> (Tile, bool, bool, u32) {
        use arcs22::{ACCEPTS, ARC_MASK, IS_END, TILE_SHIFT};
        match self {
            KwgLayout::Arcs22 => (
                (node >> TILE_SHIFT) as Tile,
                node & ACCEPTS != 0,
                node & IS_END != 0,
                node & ARC_MASK,
            ),
            KwgLayout::Arcs24 => (
                (node & 0x3f) as Tile,
                node >> 7 & 1 != 0,
                node >> 6 & 1 != 0,
                node >> 8,
            ),
        }
    }

    /// A node from its fields (`arc` must fit the layout; `tile` 0..=63).
    pub fn pack(self, tile: Tile, accepts: bool, end: bool, arc: u32) -> u32 {
        let (t, a, e) = (tile as u32, accepts as u32, end as u32);
        match self {
            KwgLayout::Arcs22 => {
                use arcs22::{ACCEPTS, ARC_MASK, IS_END, TILE_SHIFT};
                (t << TILE_SHIFT) | (a * ACCEPTS) | (e * IS_END) | (arc & ARC_MASK)
            }
            KwgLayout::Arcs24 => (arc & 0xff_ffff) << 8 | a << 7 | e << 6 | (t & 0x3f),
        }
    }
}

/// The most tiles, summed over all words, a KWG may hold per node (and
/// the most accepting GADDAG paths, one per tile of every word): 512, that
/// is 128 per byte of file. Real files hold far fewer: 2 per node in the
/// ENABLE and SOWPODS GADDAWGs, about 110 in a DAWG-only KWG of the
/// 4-million-word Polish list, the densest list at hand.
pub const MAX_TILES_PER_NODE: u64 = 512;

/// What [`check`] learned of a valid array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KwgInfo {
    /// The node layout the array was read in.
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
    /// Tiles of all words of the DAWG, summed (at most
    /// [`MAX_TILES_PER_NODE`] per node).
    pub tiles: u64,
    /// Sibling lists reachable from the roots (a list sharing another's
    /// tail counts once per start).
    pub lists: u64,
    /// Accepting paths from the GADDAG's root (0 without one): a word of
    /// n tiles has n of them in a well-formed GADDAWG.
    pub gaddag_paths: u64,
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
    bytes.len() >= 4
        && bytes.len().is_multiple_of(4)
        && root_layouts(node_at(bytes, 0)).next().is_some()
}

/// The layouts whose root node `node` can be (both, for a few values).
fn root_layouts(node: u32) -> impl Iterator<Item = KwgLayout> {
    let arcs22 = node >> 23 == 0 && node >> 22 & 1 == 1;
    let arcs24 = node & 0xff == 0x40;
    [
        arcs22.then_some(KwgLayout::Arcs22),
        arcs24.then_some(KwgLayout::Arcs24),
    ]
    .into_iter()
    .flatten()
}

/// Checks a whole KWG (see the [module](self) docs) whose tiles must be
/// `1..=max_tile` (0 only as the GADDAG's separator), in the layout its
/// root node names; a root node that fits both layouts is read in the
/// first one the array checks in (a fault is the 22-bit reading's). O(nodes)
/// time and memory, no recursion. Every fault is [`Error::BadFile`]
/// naming the node and its byte offset.
pub fn check(bytes: &[u8], origin: &str, max_tile: Tile) -> Result<KwgInfo> {
    walk_any(bytes, &Rules::kwg(origin, max_tile)).map(|(info, _)| info)
}

/// [`check`] in a given layout (for a file whose name says which).
pub fn check_as(bytes: &[u8], origin: &str, max_tile: Tile, layout: KwgLayout) -> Result<KwgInfo> {
    walk(bytes, &Rules::kwg(origin, max_tile), Some(layout)).map(|(info, _)| info)
}

/// What [`verify`] found beyond [`check`]'s [`KwgInfo`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KwgReport {
    /// What [`check`] learned.
    pub info: KwgInfo,
    /// Nodes no root reaches that are all zero: the gaps the reference
    /// writer leaves when it packs lists into 16-node blocks.
    pub padding: u32,
}

/// The full structural check `lexgraph verify` runs on a KWG: [`check`],
/// which covers every node a walk from the roots can reach, and then every
/// other node: each must be padding (a zero node), since a writer leaves
/// nothing else unreachable and an arc bent by corruption usually orphans
/// the list it used to name. O(nodes). Faults are [`Error::BadFile`]
/// naming the node and its byte offset.
pub fn verify(bytes: &[u8], origin: &str, max_tile: Tile) -> Result<KwgReport> {
    verify_with(bytes, &Rules::kwg(origin, max_tile))
}

/// [`verify`] of the graph of a KLV file, `nodes` (the bytes after the
/// node count, 22-bit layout): tile 0 is the blank, not a separator, and
/// offsets are the file's.
pub fn verify_leaves(nodes: &[u8], origin: &str, max_tile: Tile) -> Result<KwgReport> {
    let rules = Rules {
        origin,
        max_tile,
        base: 4,
        leaves: true,
    };
    let (info, state) = walk(nodes, &rules, Some(KwgLayout::Arcs22))?;
    orphans(nodes, &rules, info, &state)
}

/// What a walk is told besides the bytes.
struct Rules<'a> {
    origin: &'a str,
    max_tile: Tile,
    /// Byte offset of node 0 in the file (for messages).
    base: u64,
    /// A KLV's graph: tile 0 is the blank, a leave's first tile.
    leaves: bool,
}

impl<'a> Rules<'a> {
    fn kwg(origin: &'a str, max_tile: Tile) -> Rules<'a> {
        Rules {
            origin,
            max_tile,
            base: 0,
            leaves: false,
        }
    }

    fn bad(&self, i: usize, msg: String) -> Error {
        Error::BadFile {
            origin: self.origin.to_string(),
            offset: self.base + 4 * i as u64,
            msg: format!("KWG node {i}: {msg}"),
        }
    }
}

fn verify_with(bytes: &[u8], rules: &Rules) -> Result<KwgReport> {
    let (info, state) = walk_any(bytes, rules)?;
    orphans(bytes, rules, info, &state)
}

/// The nodes no root reaches: padding, or an error naming the first other.
fn orphans(bytes: &[u8], rules: &Rules, info: KwgInfo, state: &[u8]) -> Result<KwgReport> {
    let mut padding = 0u32;
    let roots = if info.gaddag_root.is_some() || second_root(bytes, info.layout) {
        2
    } else {
        1
    };
    for (i, &s) in state.iter().enumerate().skip(roots) {
        if s == DONE {
            continue;
        }
        let node = node_at(bytes, i);
        if node != 0 {
            let (tile, accepts, end, arc) = info.layout.unpack(node);
            return Err(rules.bad(
                i,
                format!(
                    "no root reaches it, and it is not padding (0) \
                     (tile {tile}, accepts {accepts}, end {end}, arc {arc})"
                ),
            ));
        }
        padding += 1;
    }
    Ok(KwgReport { info, padding })
}

/// Whether node 1 is a second root node (tile 0, end, not accepting).
fn second_root(bytes: &[u8], layout: KwgLayout) -> bool {
    bytes.len() >= 8 && {
        let (t, acc, end, _) = layout.unpack(node_at(bytes, 1));
        t == 0 && !acc && end
    }
}

/// [`walk`] in each layout the root node allows, first success wins.
fn walk_any(bytes: &[u8], rules: &Rules) -> Result<(KwgInfo, Vec<u8>)> {
    let mut first_err = None;
    if bytes.len() >= 4 && bytes.len().is_multiple_of(4) {
        for layout in root_layouts(node_at(bytes, 0)) {
            match walk(bytes, rules, Some(layout)) {
                Ok(r) => return Ok(r),
                Err(e) => {
                    first_err.get_or_insert(e);
                }
            }
        }
    }
    match first_err {
        Some(e) => Err(e),
        None => walk(bytes, rules, None),
    }
}

/// Per node of [`walk`]'s answer: reached from a root and checked.
const DONE: u8 = 2;

/// The check itself, in `layout` (`None`: refuse the root node); also
/// returns the per-node state, [`DONE`] for every node a root reaches.
fn walk(bytes: &[u8], rules: &Rules, layout: Option<KwgLayout>) -> Result<(KwgInfo, Vec<u8>)> {
    let (origin, max_tile) = (rules.origin, rules.max_tile);
    let bad = |i: usize, msg: String| rules.bad(i, msg);
    if bytes.len() < 4 || !bytes.len().is_multiple_of(4) {
        return Err(Error::BadFile {
            origin: origin.to_string(),
            offset: rules.base + bytes.len() as u64,
            msg: format!(
                "{} bytes: a KWG is a whole number of 4-byte nodes, at least one",
                bytes.len()
            ),
        });
    }
    let n = bytes.len() / 4;
    let layout = layout.ok_or_else(|| {
        bad(
            0,
            "not a root node (tile 0, end of list): not a KWG file".into(),
        )
    })?;
    if !root_layouts(node_at(bytes, 0)).any(|l| l == layout) {
        return Err(bad(
            0,
            format!("not a root node in the layout asked for ({layout:?})"),
        ));
    }
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
    let mut tiles = vec![0u64; n];
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
                if tile == 0 && dawg && !rules.leaves {
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
            state[i] = DONE;
            // Words counted from the DAWG part only (a GADDAG path is not a
            // word; its separator-free paths are the words reversed).
            let (below, below_tiles, deeper) = if arc != 0 {
                let a = arc as usize;
                (words[a], tiles[a], longest[a])
            } else {
                (0, 0, 0)
            };
            // Every word through this arc has one tile here.
            let through = below.saturating_add(accepts as u64);
            let mut t = through.saturating_add(below_tiles);
            let (mut w, mut l) = (
                through,
                if below > 0 {
                    deeper + 1
                } else {
                    accepts as u32
                },
            );
            if !end {
                w = w.saturating_add(words[i + 1]);
                t = t.saturating_add(tiles[i + 1]);
                l = l.max(longest[i + 1]);
            }
            words[i] = w;
            tiles[i] = t;
            longest[i] = l;
        }
        if dawg {
            lists += 1;
        }
    }
    let (w, t, l) = match dawg_root {
        0 => (0, 0, 0),
        r => (words[r as usize], tiles[r as usize], longest[r as usize]),
    };
    let info = KwgInfo {
        layout,
        nodes: n as u32,
        dawg_root,
        gaddag_root,
        words: w,
        longest: l,
        tiles: t,
        lists,
        gaddag_paths: gaddag_root.map_or(0, |g| words[g as usize]),
    };
    // Counted before anything reads a word (see the module docs). A word
    // longer than any lexgraph reads would also make `verify`'s split check
    // quadratic in a chain of nodes.
    let max_len = crate::input::MAX_WORD_TILES as u32;
    let gaddag_longest = gaddag_root.map_or(0, |g| longest[g as usize]);
    if info.longest > max_len || gaddag_longest > max_len + 1 {
        let (at, len) = if info.longest > max_len {
            (0, info.longest)
        } else {
            (1, gaddag_longest)
        };
        return Err(bad(
            at,
            format!("a path of {len} tiles: words have at most {max_len}"),
        ));
    }
    // A KLV's leaves are bounded by its values instead (`Klv::open`): its
    // graph is far denser than a word list's (900,000 leaves in 1,246
    // nodes in NWL20.klv2).
    let most = if rules.leaves {
        u64::MAX
    } else {
        MAX_TILES_PER_NODE.saturating_mul(n as u64)
    };
    for (what, count, at) in [
        ("the words' tiles", info.tiles, 0),
        ("the GADDAG's accepting paths", info.gaddag_paths, 1),
    ] {
        if count > most {
            return Err(bad(
                at,
                format!(
                    "{what} number {count} in {n} nodes: more than {MAX_TILES_PER_NODE} \
                     per node, which no word list makes (a graph that spells far more \
                     than it stores)"
                ),
            ));
        }
    }
    Ok((info, state))
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
            assert!(root_layouts(l.pack(0, false, true, 77)).eq([l]));
        }
        // The reference's big nodes (andy-k/kwgc, kbwgc_write_node): byte 0
        // holds the tile, end (0x40) and accepts (0x80), bytes 1..=3 the arc.
        let big = KwgLayout::Arcs24;
        assert_eq!(
            big.pack(26, true, false, 0x12_3456).to_le_bytes(),
            [0x9a, 0x56, 0x34, 0x12]
        );
        assert_eq!(big.pack(0, false, true, 5).to_le_bytes(), [0x40, 5, 0, 0]);
        assert_eq!(
            big.unpack(u32::from_le_bytes([0x41, 2, 0, 1])),
            (1, false, true, 0x01_0002)
        );
        // A root node both layouts can read.
        assert!(root_layouts(0x0040_4040).eq([KwgLayout::Arcs22, KwgLayout::Arcs24]));
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
