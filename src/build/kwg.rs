//! Writing KWG node arrays (the wolges / MAGPIE / Macondo word-graph
//! format), laid out node for node as the reference tools lay them out.
//!
//! A KWG is a flat array of `u32` nodes; each node is one arc:
//!
//! ```text
//! bits 31..24 tile | bit 23 accepts | bit 22 is_end | bits 21..0 arc_index
//! ```
//!
//! A sibling list is a run of nodes ending at one with `is_end`; `arc_index`
//! is where the list of the arc's children starts (0: none). Node 0 points
//! to the DAWG's root list (and, in the two-root layouts, node 1 to the
//! GADDAG's). The format fixes what the nodes mean, not where they go: two
//! writers can store the same words in different arrays. To write files
//! that compare equal to the reference engine's, this module builds the
//! graph as wolges does and places it with the same rules:
//!
//! 1. **States.** Words are added in sorted order; when a word leaves a
//!    prefix, the lists below it are final and are stored from their last
//!    arc back to their first, each arc as a state `(tile, accepts, child,
//!    next sibling)` that is reused when an equal state exists. A sibling
//!    list is then a chain of states, and lists share equal tails: with
//!    the words `XA XB YB`, the list after `Y` is the last state of the
//!    list after `X`.
//! 2. **Placement.** [`NodeOrder::Wolges`] (wolges' default: the reference
//!    `ENABLE.kwg` and `SOWPODS.kwg`, and MAGPIE's `NWL20.klv2`) takes the
//!    states by how many paths from the roots reach them (in a GADDAWG,
//!    the DAWG's first) and places the longest chain each one ends, whole,
//!    with the chains below it depth first, packing lists of up to 16
//!    nodes into 16-node blocks (64 bytes, a cache line) by best fit; a
//!    chain already placed as another's tail is not placed again, but a
//!    chain placed later copies the tail it shares. [`NodeOrder::Magpie`]
//!    (MAGPIE's `CSW21.klv2`) places lists depth first from the roots, each
//!    reached list in full (tails not shared), and has two root nodes even
//!    without a GADDAG.
//!
//! ```
//! use lexgraph::kwg::{self, NodeOrder};
//!
//! // CAR CARE CARS: one path C-A-R and one list {E, S} after it.
//! let words: [&[u8]; 3] = [&[3, 1, 18], &[3, 1, 18, 5], &[3, 1, 18, 19]];
//! let nodes = kwg::dawg(&words, NodeOrder::Wolges)?;
//! assert_eq!(nodes.len(), 1 + 5); // the root node; the lists C, A, R, E S
//! let (tile, accepts, is_end, arc) = kwg::unpack(nodes[0]);
//! assert_eq!((tile, accepts, is_end), (0, false, true));
//! assert_eq!(kwg::words(&nodes, arc)?, words.map(|w| w.to_vec()));
//! # Ok::<(), lexgraph::Error>(())
//! ```
//!
//! Limits: a KWG addresses 2^22 nodes ([`MAX_NODES`]); a word list whose
//! array would be larger is refused with [`Error::TooLarge`]. Tiles are
//! 1..=63, and in a DAWG-only file also 0 (a KLV's blank); in a GADDAWG, 0
//! is the separator.

use std::collections::HashMap;

use crate::error::{Error, Result};
pub use crate::format::kwg::KwgLayout;

/// Nodes a KWG can address: `arc_index` has 22 bits.
pub use crate::format::kwg::arcs22::MAX_NODES;

/// Where the nodes go (the same words, the same graph, another order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NodeOrder {
    /// wolges' default: frequently reached lists first, packed into
    /// 16-node blocks; one root node in a DAWG-only file.
    #[default]
    Wolges,
    /// MAGPIE's: lists depth first, tails not shared; two root nodes
    /// always (the second empty in a DAWG-only file).
    Magpie,
}

/// The fields of a node: `(tile, accepts, is_end, arc_index)`.
pub fn unpack(node: u32) -> (u8, bool, bool, u32) {
    KwgLayout::Arcs22.unpack(node)
}

#[cfg(test)]
fn pack(tile: u8, accepts: bool, is_end: bool, arc: u32) -> u32 {
    KwgLayout::Arcs22.pack(tile, accepts, is_end, arc)
}

/// The nodes as a file's bytes (little-endian).
pub fn to_bytes(nodes: &[u32]) -> Vec<u8> {
    nodes.iter().flat_map(|n| n.to_le_bytes()).collect()
}

/// The words below the sibling list at `list`, in array order: a KWG's
/// words in sorted order when its lists are sorted. For checking arrays:
/// an arc out of the array, a list running off its end, or a path longer
/// than the array (a loop) is an error naming the node's byte offset.
pub fn words(nodes: &[u32], list: u32) -> Result<Vec<Vec<u8>>> {
    let bad = |i: usize, msg: &str| Error::BadFile {
        origin: "KWG nodes".into(),
        offset: 4 * i as u64,
        msg: format!("node {i}: {msg}"),
    };
    let mut out = Vec::new();
    // (node, depth): the next node to read and the prefix length before it.
    let mut stack = vec![(list as usize, 0usize)];
    let mut word = Vec::new();
    while let Some((i, depth)) = stack.pop() {
        if i == 0 {
            continue;
        }
        let &node = nodes.get(i).ok_or_else(|| bad(i, "outside the array"))?;
        if depth >= nodes.len() {
            return Err(bad(i, "on a path longer than the array: a loop"));
        }
        let (tile, accepts, is_end, arc) = unpack(node);
        word.truncate(depth);
        word.push(tile);
        if accepts {
            out.push(word.clone());
        }
        if !is_end {
            if i + 1 == nodes.len() {
                return Err(bad(i, "the last sibling list does not end"));
            }
            stack.push((i + 1, depth));
        }
        stack.push((arc as usize, depth + 1));
    }
    Ok(out)
}

/// The DAWG of `words` (sorted, distinct, not empty; tiles 0..=63) as a
/// node array laid out as `layout` does.
pub fn dawg<W: AsRef<[u8]>>(words: &[W], layout: NodeOrder) -> Result<Vec<u32>> {
    dawg_with(words, layout, KwgLayout::Arcs22)
}

/// [`dawg`] in the node layout `arcs` (24-bit arcs: the big variant, for
/// lists past [`MAX_NODES`]).
pub fn dawg_with<W: AsRef<[u8]>>(
    words: &[W],
    layout: NodeOrder,
    arcs: KwgLayout,
) -> Result<Vec<u32>> {
    check(words, 0)?;
    let mut states = States::new();
    let root = states.add_sorted(words.iter().map(|w| w.as_ref()), None);
    states.place(layout, root, None, arcs, arcs.max_nodes())
}

/// The GADDAWG of `words` (sorted, distinct, not empty; tiles 1..=63):
/// node 0 points to the DAWG, node 1 to the GADDAG, whose paths share the
/// DAWG's nodes (see the [module](self) docs). `english-kwg` writes this.
pub fn gaddawg<W: AsRef<[u8]>>(words: &[W], layout: NodeOrder) -> Result<Vec<u32>> {
    gaddawg_with(words, layout, KwgLayout::Arcs22)
}

/// [`gaddawg`] in the node layout `arcs`.
pub fn gaddawg_with<W: AsRef<[u8]>>(
    words: &[W],
    layout: NodeOrder,
    arcs: KwgLayout,
) -> Result<Vec<u32>> {
    check(words, 1)?;
    let mut states = States::new();
    let dawg = states.add_sorted(words.iter().map(|w| w.as_ref()), None);
    let paths = gaddag_paths(words);
    let gaddag = states.add_sorted(paths.iter().map(|w| &w[..]), Some(dawg));
    states.place(layout, dawg, Some(gaddag), arcs, arcs.max_nodes())
}

/// Refuses what a KWG cannot hold: words out of order or repeated, empty
/// words, tiles below `min_tile` or above 63.
fn check<W: AsRef<[u8]>>(words: &[W], min_tile: u8) -> Result<()> {
    let bad = |index: usize, msg: String| Error::KwgWords { index, msg };
    for (i, w) in words.iter().enumerate() {
        let w = w.as_ref();
        if w.is_empty() {
            return Err(bad(i, "an empty word has no arc to mark it".into()));
        }
        if let Some(&t) = w.iter().find(|&&t| t < min_tile || t > 63) {
            return Err(bad(i, format!("tile {t} is outside {min_tile}..=63")));
        }
        if i > 0 && words[i - 1].as_ref() >= w {
            return Err(bad(i, "the words are not sorted and distinct".into()));
        }
    }
    Ok(())
}

/// The GADDAG's paths, sorted: each word reversed (`ERAC` for `CARE`), and
/// each reversed proper prefix followed by the separator 0 (`RAC@`,
/// `AC@`, `C@`), once however many words start with it. A path ending in
/// the separator continues in the DAWG, after the prefix.
fn gaddag_paths<W: AsRef<[u8]>>(words: &[W]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let w = w.as_ref();
        // Prefixes shared with the previous word were emitted with it;
        // the previous word itself never was (CAR then CARE needs RAC@).
        let shared = match i {
            0 => 0,
            _ => {
                let prev = words[i - 1].as_ref();
                let max = w.len().min(prev.len() - 1);
                w.iter()
                    .zip(prev)
                    .take(max)
                    .take_while(|(a, b)| a == b)
                    .count()
            }
        };
        let mut rev: Vec<u8> = w.iter().rev().copied().collect();
        out.push(rev.clone());
        rev.push(0);
        // Prefixes of lengths shared+1 ..= len-1, longest first.
        for start in 1..w.len() - shared {
            out.push(rev[start..].to_vec());
        }
    }
    out.sort_unstable();
    out
}

/// One arc and the rest of its sibling list: state 0 is the empty list.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct State {
    tile: u8,
    accepts: bool,
    child: u32,
    next: u32,
}

/// An arc of a list still open (its word prefix is the current word's).
#[derive(Clone, Copy)]
struct Open {
    tile: u8,
    accepts: bool,
    child: u32,
}

/// Every state, children and next siblings before the states that use
/// them (indexes only grow), and the index of each.
struct States {
    states: Vec<State>,
    index: HashMap<State, u32>,
}

impl States {
    fn new() -> States {
        let sink = State {
            tile: 0,
            accepts: false,
            child: 0,
            next: 0,
        };
        States {
            states: vec![sink],
            index: HashMap::from([(sink, 0)]),
        }
    }

    /// The chain of states of a finished list, made from its last arc
    /// back: the first arc's state.
    fn list(&mut self, arcs: &[Open]) -> u32 {
        let mut next = 0;
        for a in arcs.iter().rev() {
            let s = State {
                tile: a.tile,
                accepts: a.accepts,
                child: a.child,
                next,
            };
            let fresh = self.states.len() as u32;
            next = *self.index.entry(s).or_insert(fresh);
            if next == fresh {
                self.states.push(s);
            }
        }
        next
    }

    /// Adds sorted words and returns their root list. With `dawg` (the
    /// GADDAG pass), a path ending in the separator 0 does not accept: its
    /// separator arc leads to the DAWG's list after the reversed rest.
    fn add_sorted<'w>(&mut self, words: impl Iterator<Item = &'w [u8]>, dawg: Option<u32>) -> u32 {
        // levels[d]: the open list after the current word's first d tiles;
        // levels[0] the root list. A separator arc opens no level.
        let mut levels: Vec<Vec<Open>> = vec![Vec::new()];
        let mut depth = 0; // open levels below the root
        let mut prev: &[u8] = &[];
        for w in words {
            let common = w
                .iter()
                .zip(prev)
                .take(depth)
                .take_while(|(a, b)| a == b)
                .count();
            while depth > common {
                let done = std::mem::take(&mut levels[depth]);
                let child = self.list(&done);
                levels[depth] = done;
                levels[depth].clear();
                depth -= 1;
                levels[depth].last_mut().unwrap().child = child;
            }
            for &t in &w[common..] {
                levels[depth].push(Open {
                    tile: t,
                    accepts: false,
                    child: 0,
                });
                depth += 1;
                if levels.len() == depth {
                    levels.push(Vec::new());
                }
            }
            let last = w.len() - 1;
            match dawg {
                Some(root) if w[last] == 0 => {
                    depth -= 1;
                    let target = self.follow(root, w[..last].iter().rev());
                    levels[depth].last_mut().unwrap().child = target;
                }
                _ => levels[depth - 1].last_mut().unwrap().accepts = true,
            }
            prev = w;
        }
        while depth > 0 {
            let done = std::mem::take(&mut levels[depth]);
            let child = self.list(&done);
            levels[depth] = done;
            levels[depth].clear();
            depth -= 1;
            levels[depth].last_mut().unwrap().child = child;
        }
        let root = std::mem::take(&mut levels[0]);
        self.list(&root)
    }

    /// The list reached from `list` along `tiles` (present by construction).
    fn follow<'t>(&self, mut list: u32, tiles: impl Iterator<Item = &'t u8>) -> u32 {
        for &t in tiles {
            while self.states[list as usize].tile != t {
                list = self.states[list as usize].next;
            }
            list = self.states[list as usize].child;
        }
        list
    }

    /// Places the states and writes the array: root nodes, then every
    /// placed chain at its place; an array longer than `limit` nodes is
    /// refused.
    fn place(
        &self,
        layout: NodeOrder,
        dawg: u32,
        gaddag: Option<u32>,
        arcs: KwgLayout,
        limit: usize,
    ) -> Result<Vec<u32>> {
        let pack = |tile, accepts, end, arc| arcs.pack(tile, accepts, end, arc);
        let roots = match (layout, gaddag) {
            (NodeOrder::Wolges, None) => 1,
            _ => 2,
        };
        let placer = Placer::new(&self.states, roots);
        let (dest, len) = match layout {
            NodeOrder::Wolges => placer.wolges(dawg, gaddag),
            NodeOrder::Magpie => placer.magpie(&[dawg, gaddag.unwrap_or(0)]),
        };
        if len > limit {
            let bits = match arcs {
                KwgLayout::Arcs22 => "22-bit arcs; the big variant's 24-bit arcs address 16777216",
                KwgLayout::Arcs24 => "24-bit arcs",
            };
            return Err(Error::TooLarge(format!(
                "{len} KWG nodes; the format addresses {limit} ({bits})"
            )));
        }
        let mut nodes = vec![0u32; len];
        nodes[0] = pack(0, false, true, dest[dawg as usize]);
        if roots == 2 {
            nodes[1] = pack(0, false, true, gaddag.map_or(0, |g| dest[g as usize]));
        }
        for (p, &at) in dest.iter().enumerate().skip(1) {
            if at == 0 {
                continue;
            }
            let (mut p, mut at) = (p, at as usize);
            loop {
                let s = self.states[p];
                nodes[at] = pack(s.tile, s.accepts, s.next == 0, dest[s.child as usize]);
                if s.next == 0 {
                    break;
                }
                p = s.next as usize;
                at += 1;
            }
        }
        Ok(nodes)
    }
}

/// Marks a chain being placed (its children are placed first).
const IN_PROGRESS: u32 = u32::MAX;

/// Decides where each chain of states goes: `dest[state]` is the node
/// index of the state's first node, 0 for states written only inside
/// another chain.
struct Placer<'s> {
    states: &'s [State],
    /// Nodes from each state to the end of its list.
    to_end: Vec<u32>,
    dest: Vec<u32>,
    /// Nodes reserved so far (the root nodes first).
    len: usize,
}

impl<'s> Placer<'s> {
    fn new(states: &'s [State], roots: usize) -> Placer<'s> {
        let mut to_end = vec![1u32; states.len()];
        for p in 1..states.len() {
            let next = states[p].next as usize;
            if next != 0 {
                to_end[p] += to_end[next];
            }
        }
        Placer {
            states,
            to_end,
            dest: vec![0; states.len()],
            len: roots,
        }
    }

    /// MAGPIE's order: depth first from each root, a list's nodes
    /// reserved before its children's, every list that is some arc's
    /// target written in full (tails not shared).
    fn magpie(mut self, roots: &[u32]) -> (Vec<u32>, usize) {
        for &root in roots {
            if root == 0 || self.dest[root as usize] != 0 {
                continue;
            }
            self.reserve_seq(root);
            // The chains whose arcs are still to visit, at their next arc.
            let mut stack = vec![root];
            while let Some(p) = stack.pop() {
                let s = self.states[p as usize];
                if s.next != 0 {
                    stack.push(s.next);
                }
                let c = s.child;
                if c != 0 && self.dest[c as usize] == 0 {
                    self.reserve_seq(c);
                    stack.push(c);
                }
            }
        }
        (self.dest, self.len)
    }

    fn reserve_seq(&mut self, p: u32) {
        self.dest[p as usize] = self.len as u32;
        self.len += self.to_end[p as usize] as usize;
    }

    /// wolges' order: see the [module](self) docs.
    fn wolges(mut self, dawg: u32, gaddag: Option<u32>) -> (Vec<u32>, usize) {
        let n = self.states.len();
        let states = self.states;
        // The head of a state: the first state of the longest chain it
        // ends, through the earliest-made state before it at each step.
        let mut head: Vec<u32> = (0..n as u32).collect();
        for p in (1..n).rev() {
            head[states[p].next as usize] = p as u32;
        }
        for p in (1..n).rev() {
            head[p] = head[head[p] as usize];
        }
        // Paths from the roots to each state (through children and next
        // siblings alike), saturating.
        let mut ways = vec![0u32; n];
        ways[dawg as usize] = 1;
        if let Some(g) = gaddag {
            ways[g as usize] = 1;
        }
        for p in (1..n).rev() {
            let w = ways[p];
            for q in [states[p].next, states[p].child] {
                ways[q as usize] = ways[q as usize].saturating_add(w);
            }
        }
        // In a GADDAWG the states the DAWG was made of (and chains ending
        // in them) go first, so that DAWG lists do not point into GADDAG
        // ones.
        let mut in_dawg = vec![gaddag.is_none(); n];
        if gaddag.is_some() {
            for p in 1..n {
                in_dawg[p] = p <= dawg as usize || in_dawg[states[p].next as usize];
            }
            in_dawg[0] = false;
        }
        let mut order: Vec<u32> = (1..n as u32).collect();
        order.sort_unstable_by_key(|&p| {
            let p = p as usize;
            (
                std::cmp::Reverse(in_dawg[p]),
                std::cmp::Reverse(ways[p]),
                std::cmp::Reverse(self.to_end[p]),
                p,
            )
        });
        let mut blocks = Blocks::new(self.len);
        self.dest[0] = IN_PROGRESS; // never placed (the empty list)
                                    // (head, first node, nodes, next state whose child to place)
        let mut stack: Vec<(u32, u32, u32, u32)> = Vec::new();
        for p in order {
            self.open(head[p as usize], &mut blocks, &mut stack);
            while let Some(top) = stack.last_mut() {
                let (h, at, len, cursor) = *top;
                if cursor != 0 {
                    top.3 = states[cursor as usize].next;
                    let c = states[cursor as usize].child;
                    if c != 0 {
                        self.open(head[c as usize], &mut blocks, &mut stack);
                    }
                    continue;
                }
                stack.pop();
                // The chain's states take their places, except those
                // another chain placed first as its tail.
                self.dest[h as usize] = 0;
                let mut q = h;
                for k in 0..len {
                    if self.dest[q as usize] != 0 {
                        break;
                    }
                    self.dest[q as usize] = at + k;
                    q = states[q as usize].next;
                }
            }
        }
        self.dest[0] = 0;
        (self.dest, blocks.len())
    }

    /// Reserves room for the chain from `head` unless it has some, and
    /// pushes it to have its children placed.
    fn open(&mut self, head: u32, blocks: &mut Blocks, stack: &mut Vec<(u32, u32, u32, u32)>) {
        if self.dest[head as usize] != 0 {
            return;
        }
        self.dest[head as usize] = IN_PROGRESS;
        let len = self.to_end[head as usize];
        let at = blocks.reserve(len);
        stack.push((head, at, len, head));
    }
}

/// Nodes in 16-node blocks (64 bytes): a list of at most 16 nodes goes in
/// the fullest block with room for it (the last such block to reach that
/// fill, if several), else in a new block; a longer one starts a new
/// block at an even index (a 128-byte line) and fills as many as it needs.
struct Blocks {
    fill: Vec<u8>,
    /// with_fill[k]: blocks holding k nodes (k < 16), most recent last.
    with_fill: [Vec<u32>; 16],
}

impl Blocks {
    fn new(roots: usize) -> Blocks {
        let mut with_fill: [Vec<u32>; 16] = Default::default();
        with_fill[roots].push(0);
        Blocks {
            fill: vec![roots as u8],
            with_fill,
        }
    }

    fn reserve(&mut self, len: u32) -> u32 {
        let blocks = self.fill.len() as u32;
        if len > 16 {
            let mut first = blocks;
            if first % 2 == 1 {
                self.with_fill[0].push(first);
                self.fill.push(0);
                first += 1;
            }
            let mut left = len;
            while left > 16 {
                self.fill.push(16);
                left -= 16;
            }
            if left < 16 {
                self.with_fill[left as usize].push(self.fill.len() as u32);
            }
            self.fill.push(left as u8);
            return first * 16;
        }
        for fill in (0..=16 - len).rev() {
            if let Some(b) = self.with_fill[fill as usize].pop() {
                let now = fill + len;
                if now < 16 {
                    self.with_fill[now as usize].push(b);
                }
                self.fill[b as usize] = now as u8;
                return b * 16 + fill;
            }
        }
        if len < 16 {
            self.with_fill[len as usize].push(blocks);
        }
        self.fill.push(len as u8);
        blocks * 16
    }

    /// Nodes up to the end of the last block's fill.
    fn len(&self) -> usize {
        (self.fill.len() - 1) * 16 + *self.fill.last().unwrap() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::kwg::arcs22::{ARC_MASK, IS_END};

    #[test]
    fn refuses_what_a_kwg_cannot_hold() {
        let e = |w: &[&[u8]]| dawg(w, NodeOrder::Wolges).unwrap_err().to_string();
        assert!(e(&[&[1], &[]]).contains("word 1: an empty word"));
        assert!(e(&[&[2], &[1]]).contains("word 1: the words are not sorted"));
        assert!(e(&[&[1], &[1]]).contains("word 1: the words are not sorted"));
        assert!(e(&[&[64]]).contains("word 0: tile 64"));
        let g = gaddawg(&[&[0u8, 1][..]], NodeOrder::Wolges).unwrap_err();
        assert!(g.to_string().contains("tile 0 is outside 1..=63"), "{g}");
    }

    #[test]
    fn an_array_over_the_limit_is_an_error() {
        // The real limit needs millions of words; the same check, lower.
        let w: [&[u8]; 3] = [&[1, 2], &[2, 3], &[3, 1]];
        let mut states = States::new();
        let root = states.add_sorted(w.iter().copied(), None);
        let a = KwgLayout::Arcs22;
        let len = states
            .place(NodeOrder::Magpie, root, None, a, 100)
            .unwrap()
            .len();
        let e = states
            .place(NodeOrder::Magpie, root, None, a, len - 1)
            .unwrap_err();
        assert!(matches!(e, Error::TooLarge(_)), "{e}");
        assert!(e.to_string().contains(&format!("{len} KWG nodes")), "{e}");
    }

    #[test]
    fn reading_a_bad_array_is_an_error() {
        let e = |nodes: &[u32]| words(nodes, 1).unwrap_err().to_string();
        // An arc out of the array; a list without an end; a loop.
        assert!(e(&[IS_END | 1, pack(1, true, true, 9)]).contains("node 9: outside"));
        assert!(e(&[IS_END | 1, pack(1, true, false, 0)]).contains("does not end"));
        assert!(e(&[IS_END | 1, pack(1, true, true, 1)]).contains("a loop"));
    }

    #[test]
    fn the_empty_set_is_a_root_without_arcs() {
        let none: [&[u8]; 0] = [];
        assert_eq!(dawg(&none, NodeOrder::Wolges).unwrap(), [IS_END]);
        assert_eq!(dawg(&none, NodeOrder::Magpie).unwrap(), [IS_END, IS_END]);
        assert_eq!(gaddawg(&none, NodeOrder::Wolges).unwrap(), [IS_END, IS_END]);
    }

    #[test]
    fn gaddag_paths_are_those_of_the_format_notes() {
        // CARE: ERAC, RAC@, AC@, C@ (the @ continues in the DAWG).
        let care: [&[u8]; 1] = [b"CARE"];
        let mut p = gaddag_paths(&care);
        for x in &mut p {
            for t in x.iter_mut() {
                if *t == 0 {
                    *t = b'@';
                }
            }
        }
        let want: Vec<Vec<u8>> = [&b"AC@"[..], b"C@", b"ERAC", b"RAC@"]
            .iter()
            .map(|s| s.to_vec())
            .collect();
        assert_eq!(p, want);
    }

    use proptest::prelude::*;

    /// Checks what any writer's array must be: the words read back in
    /// order; no arc leads back to a list on its own path; minimal: two
    /// arcs whose targets hold the same words lead to the same node.
    fn check_array(nodes: &[u32], root: u32, want: &[Vec<u8>]) {
        assert_eq!(words(nodes, root).unwrap(), want);
        let mut language: HashMap<Vec<Vec<u8>>, u32> = HashMap::new();
        // 0 new, 1 on the path, 2 done: lists by start node.
        let mut state = vec![0u8; nodes.len()];
        fn walk(nodes: &[u32], list: u32, state: &mut [u8], targets: &mut Vec<u32>) {
            match state[list as usize] {
                1 => panic!("the array loops through node {list}"),
                2 => return,
                _ => {}
            }
            state[list as usize] = 1;
            let mut i = list as usize;
            loop {
                let (_, _, end, arc) = unpack(nodes[i]);
                if arc != 0 {
                    targets.push(arc);
                    walk(nodes, arc, state, targets);
                }
                if end {
                    break;
                }
                i += 1;
            }
            state[list as usize] = 2;
        }
        let mut targets = Vec::new();
        if root != 0 {
            walk(nodes, root, &mut state, &mut targets);
        }
        for t in targets {
            let lang = words(nodes, t).unwrap();
            let first = *language.entry(lang).or_insert(t);
            assert_eq!(first, t, "lists at {first} and {t} hold the same words");
        }
    }

    fn word_sets(max_tile: u8) -> impl Strategy<Value = Vec<Vec<u8>>> {
        prop::collection::btree_set(prop::collection::vec(0..=max_tile, 1..6), 0..60)
            .prop_map(|s| s.into_iter().collect())
    }

    proptest! {
        #[test]
        fn every_word_set_reads_back_minimal_and_acyclic(words in word_sets(4)) {
            for layout in [NodeOrder::Wolges, NodeOrder::Magpie] {
                let nodes = dawg(&words, layout).unwrap();
                let (_, _, _, root) = unpack(nodes[0]);
                check_array(&nodes, root, &words);
            }
        }

        #[test]
        fn every_gaddawg_holds_its_words(words in word_sets(4)) {
            let words: Vec<Vec<u8>> = words.into_iter().filter(|w| !w.contains(&0)).collect();
            for layout in [NodeOrder::Wolges, NodeOrder::Magpie] {
                let nodes = gaddawg(&words, layout).unwrap();
                let (_, _, _, root) = unpack(nodes[0]);
                check_array(&nodes, root, &words);
            }
        }
    }

    #[test]
    fn a_gaddawg_reads_back_both_ways() {
        let w: Vec<&[u8]> = vec![&[1, 2], &[1, 2, 3], &[2, 3], &[3, 1, 2]];
        for layout in [NodeOrder::Wolges, NodeOrder::Magpie] {
            let nodes = gaddawg(&w, layout).unwrap();
            assert_eq!(words(&nodes, nodes[0] & ARC_MASK).unwrap(), w);
            // Every GADDAG path to an accepting arc spells a word: reversed
            // prefix, separator, rest (or the reversed word alone).
            let mut found = Vec::new();
            for p in words(&nodes, nodes[1] & ARC_MASK).unwrap() {
                let word: Vec<u8> = match p.iter().position(|&t| t == 0) {
                    Some(s) => p[..s].iter().rev().chain(&p[s + 1..]).copied().collect(),
                    None => p.iter().rev().copied().collect(),
                };
                assert!(w.contains(&&word[..]), "{p:?}");
                found.push(word);
            }
            found.sort();
            found.dedup();
            assert_eq!(found, w);
        }
    }
}
