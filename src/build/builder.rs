//! Building minimal automata: the DAWG of a word list and its GADDAG.
//!
//! Both structures are built with the one-pass algorithm for sorted input of
//! Daciuk, Mihov, Watson and Watson (2000): keys arrive in order, the path of
//! the last key stays open, and whenever a key leaves part of that path behind
//! the part is *registered* — replaced by an existing equivalent node when one
//! exists. Every node in the register is unique, so the result is the minimal
//! automaton.
//!
//! Finality lives on edges, as in Appel & Jacobson's DAWG: an edge is
//! *terminal* when the path ending with it spells a word. For `CAR`, `CARE`,
//! `CARS`:
//!
//! ```text
//! root -C-> n1 -A-> n2 -R*-> n3 -E*-> (none)
//!                            n3 -S*-> (none)
//! ```
//!
//! The GADDAG (Gordon 1994) holds, for every word `w = uv` with `u`
//! non-empty, the string `rev(u) ◇ v` (and `rev(w)` when `v` is empty). After
//! `rev(u) ◇` the rest of the language is exactly the DAWG's language after
//! `u`, so the GADDAG is built from the distinct prefixes `u` of the list
//! alone: each key `rev(u)` is inserted with a final `◇` edge that points
//! straight at the (already minimal) DAWG node of `u`. Both share one register,
//! so the result is the minimal automaton of Gordon's language, and there are
//! far fewer prefixes than split points to sort.
//!
//! ```
//! use lexgraph::{Alphabet, WordList, builder::Builder};
//! let a = Alphabet::english();
//! let words = WordList::parse(b"car\ncare\ncars\n", "t", &a, lexgraph::Invalid::Refuse).unwrap();
//! let built = Builder::build(&words);
//! assert_eq!(built.dawg().node_count(), 4); // root, C, CA, CAR
//! ```

use crate::core::clock::Instant;
use std::time::Duration;

use hashbrown::HashTable;
use rayon::prelude::*;

use crate::alphabet::{Tile, BLANK};
use crate::format::{self, Kind};
use crate::wordlist::WordList;

/// The GADDAG separator `◇` as an edge label (sorts before every tile).
pub(crate) const SEPARATOR: Tile = BLANK;

/// An edge while building: label, terminal flag and target node id packed in a `u64`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct BuildEdge(u64);

const PENDING: u32 = u32::MAX;

impl BuildEdge {
    fn new(label: Tile, terminal: bool, target: u32) -> BuildEdge {
        BuildEdge((label as u64) << 40 | (terminal as u64) << 32 | target as u64)
    }
    /// The edge's tile (0 = GADDAG separator).
    pub fn label(self) -> Tile {
        (self.0 >> 40) as Tile
    }
    /// Whether the path ending with this edge is a word.
    pub fn terminal(self) -> bool {
        self.0 >> 32 & 1 == 1
    }
    /// Target node id (`0` = the node with no edges).
    pub fn target(self) -> u32 {
        self.0 as u32
    }
    fn with_target(self, t: u32) -> BuildEdge {
        BuildEdge(self.0 & !0xFFFF_FFFF | t as u64)
    }
    fn with_terminal(self) -> BuildEdge {
        BuildEdge(self.0 | 1 << 32)
    }
}

/// Length of the longest common prefix of `a` and `b`.
fn common_prefix(a: &[Tile], b: &[Tile]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// The register of unique nodes, shared by the DAWG and the GADDAG.
#[derive(Default)]
pub(crate) struct Arena {
    edges: Vec<BuildEdge>,
    /// Id of the first node in `nodes` (ids below it belong to another
    /// register that edges may point to).
    base: u32,
    /// Per node id `base + i`: start in `edges` and edge count. Node 0 has
    /// no edges.
    nodes: Vec<(u32, u32)>,
    /// Registered node ids, hashed by their edges.
    table: HashTable<u32>,
}

fn hash_edges(edges: &[BuildEdge]) -> u64 {
    // FxHash-style mix: fast, and node edge lists are short.
    let mut h: u64 = edges.len() as u64;
    for e in edges {
        h = (h.rotate_left(5) ^ e.0).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    // Final mix: the multiply leaves the low bits (hashbrown's bucket index)
    // blind to the label bits high in each edge.
    h ^ h >> 29
}

impl Arena {
    fn with_capacity(nodes: usize) -> Arena {
        let mut a = Arena {
            edges: Vec::with_capacity(nodes * 2),
            base: 0,
            nodes: Vec::with_capacity(nodes),
            table: HashTable::with_capacity(nodes),
        };
        a.nodes.push((0, 0));
        a
    }

    /// An empty register whose node ids start at `base` (ids below it are
    /// nodes of another register that edges may point to).
    fn with_base(base: u32, nodes: usize) -> Arena {
        Arena {
            edges: Vec::with_capacity(nodes * 2),
            base,
            nodes: Vec::with_capacity(nodes),
            table: HashTable::with_capacity(nodes),
        }
    }

    /// Edges of node `id`.
    pub fn edges(&self, id: u32) -> &[BuildEdge] {
        let (s, n) = self.nodes[(id - self.base) as usize];
        &self.edges[s as usize..(s + n) as usize]
    }

    /// Number of registered nodes (including the empty node 0).
    pub fn len(&self) -> usize {
        self.base as usize + self.nodes.len()
    }

    /// Returns the id of the node with exactly these edges, adding it if
    /// new, and whether it was added. `known_new` skips the lookup for a node
    /// that cannot exist yet (it has an edge to a node added just now).
    fn register(&mut self, edges: &[BuildEdge], known_new: bool) -> (u32, bool) {
        if edges.is_empty() {
            return (0, false);
        }
        let h = hash_edges(edges);
        let Arena {
            edges: all,
            base,
            nodes,
            table,
        } = self;
        let base = *base;
        let edges_of = |nodes: &[(u32, u32)], id: u32| {
            let (s, n) = nodes[(id - base) as usize];
            s as usize..(s + n) as usize
        };
        if !known_new {
            if let Some(&id) = table.find(h, |&id| &all[edges_of(nodes, id)] == edges) {
                return (id, false);
            }
        }
        let id = base + nodes.len() as u32;
        nodes.push((all.len() as u32, edges.len() as u32));
        all.extend_from_slice(edges);
        table.insert_unique(h, id, |&id| hash_edges(&all[edges_of(nodes, id)]));
        (id, true)
    }

    fn child(&self, node: u32, label: Tile) -> Option<BuildEdge> {
        self.edges(node)
            .iter()
            .copied()
            .find(|e| e.label() == label)
    }
}

/// Daciuk et al.'s incremental construction over keys in increasing order.
struct Incremental {
    /// The open path: node `d < depth` is being built; its last edge leads
    /// to node `d+1`. Vectors beyond `depth` are kept for reuse.
    path: Vec<Vec<BuildEdge>>,
    depth: usize,
}

impl Incremental {
    fn new() -> Incremental {
        Incremental {
            path: vec![Vec::new()],
            depth: 1,
        }
    }

    /// Registers the open path below depth `keep`.
    fn close_to(&mut self, arena: &mut Arena, keep: usize) {
        // A node whose last child was just added as new cannot exist already.
        let mut fresh = false;
        while self.depth > keep + 1 {
            self.depth -= 1;
            let (id, added) = arena.register(&self.path[self.depth], fresh);
            fresh = added;
            let parent = &mut self.path[self.depth - 1];
            let last = parent.last_mut().unwrap();
            *last = last.with_target(id);
        }
    }

    fn open_node(&mut self) {
        if self.path.len() == self.depth {
            self.path.push(Vec::with_capacity(8));
        }
        self.path[self.depth].clear();
        self.depth += 1;
    }

    /// Adds `key`, greater than `prev`, the key added before it (the caller
    /// has both in place, so none is copied). `terminal` marks the key as
    /// accepted; `extra` is an edge added to the key's final node, whose
    /// label must sort before anything added there later.
    fn insert(
        &mut self,
        arena: &mut Arena,
        key: &[Tile],
        prev: &[Tile],
        terminal: bool,
        extra: Option<BuildEdge>,
    ) {
        debug_assert!(key > prev, "keys must arrive sorted");
        let common = common_prefix(key, prev);
        self.close_to(arena, common);
        for &t in &key[common..] {
            self.path[self.depth - 1].push(BuildEdge::new(t, false, PENDING));
            self.open_node();
        }
        if terminal {
            let e = self.path[self.depth - 2].last_mut().unwrap();
            *e = e.with_terminal();
        }
        if let Some(e) = extra {
            self.path[self.depth - 1].push(e);
        }
    }

    fn finish(mut self, arena: &mut Arena) -> u32 {
        self.close_to(arena, 0);
        arena.register(&self.path[0], false).0
    }
}

/// A built automaton: its root and its nodes in file order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Root {
    order: Vec<u32>,
    edges: usize,
}

impl Root {
    fn new(arena: &Arena, id: u32) -> Root {
        let order = topological_order(arena, id);
        let edges = order.iter().map(|&n| arena.edges(n).len()).sum();
        Root { order, edges }
    }
    /// Reachable nodes with at least one edge.
    pub fn node_count(&self) -> usize {
        self.order.len()
    }
    /// Edges over all reachable nodes.
    pub fn edge_count(&self) -> usize {
        self.edges
    }
    /// Reachable non-empty nodes, parents before children.
    pub fn order(&self) -> &[u32] {
        &self.order
    }
}

/// One automaton of a [`Built`], as the file writer reads it
/// ([`format::Automaton`]).
#[derive(Clone, Copy)]
pub struct Graph<'a> {
    arena: &'a Arena,
    root: &'a Root,
}

impl Graph<'_> {
    /// Reachable nodes with at least one edge (the nodes a file holds).
    pub fn node_count(&self) -> usize {
        self.root.node_count()
    }
    /// Edges over all reachable nodes.
    pub fn edge_count(&self) -> usize {
        self.root.edge_count()
    }
}

impl format::Automaton for Graph<'_> {
    fn order(&self) -> &[u32] {
        self.root.order()
    }
    fn ids(&self) -> usize {
        self.arena.len()
    }
    fn edges(&self, id: u32) -> impl ExactSizeIterator<Item = format::AutomatonEdge> + '_ {
        // Node 0 is the arena's empty node: a target of 0 leads nowhere.
        self.arena.edges(id).iter().map(|e| format::AutomatonEdge {
            tile: e.label(),
            terminal: e.terminal(),
            target: (e.target() != 0).then_some(e.target()),
        })
    }
}

/// DAWG and GADDAG of one word list, sharing one arena.
pub struct Built {
    /// All registered nodes.
    pub(crate) arena: Arena,
    /// The DAWG's root.
    pub(crate) dawg: Root,
    /// The GADDAG's root.
    pub(crate) gaddag: Root,
    /// Words in the list.
    pub words: u64,
    /// Longest word, in tiles.
    pub max_len: usize,
    /// Wall time of each build phase.
    pub phases: Vec<(&'static str, Duration)>,
}

impl Built {
    /// The DAWG.
    pub fn dawg(&self) -> Graph<'_> {
        Graph {
            arena: &self.arena,
            root: &self.dawg,
        }
    }
    /// The GADDAG (empty after [`Builder::build_dawg`]).
    pub fn gaddag(&self) -> Graph<'_> {
        Graph {
            arena: &self.arena,
            root: &self.gaddag,
        }
    }
    /// The file info of one of them.
    pub fn info<'a>(&self, kind: Kind, words: &'a WordList) -> format::FileInfo<'a> {
        format::FileInfo {
            kind,
            alphabet: words.alphabet(),
            words: self.words,
            max_word_len: self.max_len,
            list_id: words.list_id(),
        }
    }
}

/// Entry point for building.
pub struct Builder;

impl Builder {
    /// Builds the minimal DAWG and the minimal GADDAG of `words`.
    pub fn build(words: &WordList) -> Built {
        // Sorting the GADDAG's keys needs only the words, so it runs on a
        // second thread while the DAWG is built.
        let t0 = Instant::now();
        // Room for both: the GADDAG has about as many nodes as keys
        // (distinct prefixes; ENABLE: 366 k nodes for 388 k keys), the DAWG
        // far fewer than words. Growing later would copy the table.
        let mut prev: &[Tile] = &[];
        let mut keys = 0;
        for w in words.iter() {
            keys += w.len() - common_prefix(w, prev);
            prev = w;
        }
        let mut arena = Arena::with_capacity(keys + words.len() / 4);
        let ((dawg, t_dawg), (keys, t_keys)) = rayon::join(
            || {
                let d = Builder::dawg_into(&mut arena, words);
                (d, t0.elapsed())
            },
            || (GaddagKeys::sorted(words), t0.elapsed()),
        );
        let t1 = Instant::now();
        let gaddag = keys.insert_into(&mut arena, words, dawg);
        let t_gaddag = t1.elapsed();
        let t2 = Instant::now();
        let (dawg, gaddag) = rayon::join(|| Root::new(&arena, dawg), || Root::new(&arena, gaddag));
        let phases = vec![
            ("DAWG", t_dawg),
            ("keys (parallel)", t_keys),
            ("GADDAG", t_gaddag),
            ("layout", t2.elapsed()),
        ];
        Built {
            arena,
            dawg,
            gaddag,
            words: words.len() as u64,
            max_len: words.max_len(),
            phases,
        }
    }

    /// Builds only the DAWG.
    pub fn build_dawg(words: &WordList) -> Built {
        let mut arena = Arena::with_capacity(words.len());
        let dawg = Builder::dawg_into(&mut arena, words);
        let dawg = Root::new(&arena, dawg);
        Built {
            arena,
            dawg,
            gaddag: Root::default(),
            words: words.len() as u64,
            max_len: words.max_len(),
            phases: Vec::new(),
        }
    }

    fn dawg_into(arena: &mut Arena, words: &WordList) -> u32 {
        let mut inc = Incremental::new();
        let mut prev: &[Tile] = &[];
        for w in words.iter() {
            inc.insert(arena, w, prev, true, None);
            prev = w;
        }
        inc.finish(arena)
    }
}

/// The GADDAG's keys: `rev(u)` for every distinct non-empty prefix `u` of the
/// list, numbered in the order the sorted list meets them.
struct GaddagKeys {
    /// Reversed prefixes, back to back, in discovery order.
    text: Vec<Tile>,
    /// (start in `text`, length) per key, in discovery order.
    /// Start of each key in `text`, in discovery order, plus the end of the
    /// last: key `k` is `text[starts[k]..starts[k + 1]]`.
    starts: Vec<u32>,
    /// Key numbers in sorted key order.
    sorted: Vec<u32>,
}

impl GaddagKeys {
    fn sorted(words: &WordList) -> GaddagKeys {
        let mut text = Vec::with_capacity(words.total_tiles() * 2);
        let mut starts = Vec::with_capacity(words.len() * 3);
        let mut prev: &[Tile] = &[];
        for w in words.iter() {
            let common = common_prefix(w, prev);
            for i in common..w.len() {
                starts.push(text.len() as u32);
                text.extend(w[..=i].iter().rev());
            }
            prev = w;
        }
        starts.push(text.len() as u32);
        let key = |k: u32| &text[starts[k as usize] as usize..starts[k as usize + 1] as usize];
        // Sort by the first tiles packed into a u64 (an integer sort, far
        // cheaper than comparing slices scattered in memory), then order the
        // few runs that share a packed prefix by their whole keys.
        let bits = crate::format::bits_for(words.alphabet().len() as u64);
        let per = (64 / bits) as usize;
        let pack = |k: u32| {
            let kk = key(k);
            (0..per).fold(0u64, |v, i| {
                v << bits | kk.get(i).copied().unwrap_or(0) as u64
            })
        };
        let mut pairs: Vec<(u64, u32)> = (0..starts.len() as u32 - 1)
            .into_par_iter()
            .map(|k| (pack(k), k))
            .collect();
        pairs.par_sort_unstable();
        let mut i = 0;
        while i < pairs.len() {
            let mut j = i + 1;
            while j < pairs.len() && pairs[j].0 == pairs[i].0 {
                j += 1;
            }
            if j - i > 1 {
                pairs[i..j].sort_unstable_by(|a, b| key(a.1).cmp(key(b.1)));
            }
            i = j;
        }
        // A fresh, exact vector: collecting in place would keep the pairs' buffer.
        let mut sorted: Vec<u32> = Vec::with_capacity(pairs.len());
        sorted.extend(pairs.iter().map(|&(_, k)| k));
        drop(pairs);
        GaddagKeys {
            text,
            starts,
            sorted,
        }
    }

    /// Inserts every key with a separator edge to the DAWG node of its prefix.
    fn insert_into(self, arena: &mut Arena, words: &WordList, dawg_root: u32) -> u32 {
        // The DAWG node after each prefix, and whether the prefix is a word,
        // walked in the same discovery order that numbered the keys.
        // Per key: the DAWG node after the prefix, with the prefix's
        // terminal flag in the top bit.
        let mut targets: Vec<u32> = Vec::with_capacity(self.sorted.len());
        let mut states: Vec<u32> = Vec::with_capacity(64);
        let mut prev: &[Tile] = &[];
        for w in words.iter() {
            let common = common_prefix(w, prev);
            states.truncate(common);
            for i in common..w.len() {
                let from = if i == 0 { dawg_root } else { states[i - 1] };
                let e = arena
                    .child(from, w[i])
                    .expect("every prefix of a word is a DAWG path");
                states.push(e.target());
                targets.push(e.target() | (e.terminal() as u32) << 31);
            }
            prev = w;
        }
        // Keys starting with different tiles share nothing but the root, so
        // contiguous ranges of them (split where the first tile changes) are
        // built on separate threads, each into its own register whose node
        // ids start past the DAWG's. Merging then registers every local node,
        // children first, in the shared register, where equal nodes from
        // different ranges meet: the result is still minimal.
        let key = |k: u32| {
            &self.text[self.starts[k as usize] as usize..self.starts[k as usize + 1] as usize]
        };
        let ranges = split_ranges(
            &self.sorted,
            |k| key(k)[0],
            rayon::current_num_threads() * 8,
        );
        // Gather each range's keys and targets in sorted order, in parallel:
        // they lie scattered in discovery order, and a plain copy loop
        // overlaps those cache misses where the insertion, which depends on
        // each key, would wait for every one. The scattered originals are
        // then dropped, which also lowers the peak memory of the build.
        let gathered: Vec<std::sync::Mutex<Option<Gathered>>> = ranges
            .par_iter()
            .map(|range| {
                let ks = &self.sorted[range.clone()];
                let len: usize = ks.iter().map(|&k| key(k).len()).sum();
                let mut g = Gathered {
                    text: Vec::with_capacity(len),
                    keys: Vec::with_capacity(ks.len()),
                };
                for &k in ks {
                    let kk = key(k);
                    g.text.extend_from_slice(kk);
                    let t = targets[k as usize];
                    g.keys.push(
                        (kk.len() as u64) << 48
                            | ((t >> 31) as u64) << 32
                            | (t & !(1 << 31)) as u64,
                    );
                }
                std::sync::Mutex::new(Some(g))
            })
            .collect();
        drop((self, targets));
        let base = arena.len() as u32;
        // Prefix targets keep a flag in their top bit (see `targets`).
        assert!(base < 1 << 31, "DAWG of {base} nodes");
        let build_range = |i: usize| -> (Arena, u32) {
            let g = gathered[i]
                .lock()
                .unwrap()
                .take()
                .expect("each range is built once");
            let mut local = Arena::with_base(base, g.keys.len());
            let mut inc = Incremental::new();
            let (mut at, mut prev) = (0usize, 0..0);
            for &packed in &g.keys {
                let this = at..at + (packed >> 48) as usize;
                at = this.end;
                let target = packed as u32;
                let sep = (target != 0).then(|| BuildEdge::new(SEPARATOR, false, target));
                let terminal = packed >> 32 & 1 == 1;
                inc.insert(
                    &mut local,
                    &g.text[this.clone()],
                    &g.text[prev],
                    terminal,
                    sep,
                );
                prev = this;
            }
            let root = inc.finish(&mut local);
            (local, root)
        };
        let mut root_edges: Vec<BuildEdge> = Vec::new();
        let mut scratch: Vec<BuildEdge> = Vec::new();
        let mut merge = |(local, root): (Arena, u32)| {
            let mut map: Vec<u32> = vec![0; local.len() - base as usize];
            let remap = |e: BuildEdge, map: &[u32]| {
                let t = e.target();
                if t >= base {
                    e.with_target(map[(t - base) as usize])
                } else {
                    e
                }
            };
            // A node with a child that was new to the shared register is
            // new itself: skip its lookup.
            let mut added = vec![false; map.len()];
            for id in base..local.len() as u32 {
                if id == root {
                    continue;
                }
                let edges = local.edges(id);
                let fresh = edges
                    .iter()
                    .any(|e| e.target() >= base && added[(e.target() - base) as usize]);
                scratch.clear();
                scratch.extend(edges.iter().map(|&e| remap(e, &map)));
                let (g, new) = arena.register(&scratch, fresh);
                map[(id - base) as usize] = g;
                added[(id - base) as usize] = new;
            }
            if root != 0 {
                root_edges.extend(local.edges(root).iter().map(|&e| remap(e, &map)));
            }
        };
        // Helper threads build ranges; this thread merges them in range
        // order (so the output does not depend on timing), building ranges
        // itself whenever the next one to merge is not ready. The merge is
        // serial, so overlapping it with the builds is what keeps both
        // cores busy.
        let next = std::sync::atomic::AtomicUsize::new(0);
        let claim = || next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let helpers = rayon::current_num_threads().saturating_sub(1);
        rayon::scope(|scope| {
            let (tx, rx) = std::sync::mpsc::channel::<(usize, (Arena, u32))>();
            for _ in 0..helpers {
                let tx = tx.clone();
                let (claim, build_range, ranges) = (&claim, &build_range, &ranges);
                scope.spawn(move |_| loop {
                    let i = claim();
                    if i >= ranges.len() || tx.send((i, build_range(i))).is_err() {
                        break;
                    }
                });
            }
            drop(tx);
            let mut ready: Vec<Option<(Arena, u32)>> = ranges.iter().map(|_| None).collect();
            for i in 0..ranges.len() {
                loop {
                    while let Ok((j, part)) = rx.try_recv() {
                        ready[j] = Some(part);
                    }
                    if ready[i].is_some() {
                        break;
                    }
                    let j = claim();
                    if j < ranges.len() {
                        ready[j] = Some(build_range(j));
                    } else {
                        // Every range is claimed, so a helper that has
                        // started is building this one: waiting cannot
                        // deadlock, even when every pool thread is busy
                        // (helpers that never start claim nothing).
                        let (j, part) = rx.recv().expect("a GADDAG build thread failed");
                        ready[j] = Some(part);
                    }
                }
                merge(ready[i].take().unwrap());
            }
        });
        arena.register(&root_edges, false).0
    }
}

/// One range of GADDAG keys, contiguous in sorted order.
struct Gathered {
    /// The keys back to back.
    text: Vec<Tile>,
    /// Per key: length << 48 | terminal << 32 | DAWG target of the prefix.
    keys: Vec<u64>,
}

/// Splits `keys` (sorted) into about `parts` contiguous ranges, cutting only
/// where `first` changes.
fn split_ranges(
    keys: &[u32],
    first: impl Fn(u32) -> Tile,
    parts: usize,
) -> Vec<std::ops::Range<usize>> {
    let target = keys.len().div_ceil(parts.max(1)).max(1);
    let mut out = Vec::new();
    let mut start = 0;
    while start < keys.len() {
        let mut end = (start + target).min(keys.len());
        while end < keys.len() && first(keys[end]) == first(keys[end - 1]) {
            end += 1;
        }
        out.push(start..end);
        start = end;
    }
    out
}

/// Non-empty nodes reachable from `root`, every node before its children
/// (reverse post-order of a depth-first walk, which keeps a node's first
/// child right after it).
pub(crate) fn topological_order(arena: &Arena, root: u32) -> Vec<u32> {
    if root == 0 {
        return Vec::new();
    }
    let mut seen = vec![false; arena.len()];
    let mut post = Vec::new();
    // Explicit stack of (node, next edge index) to avoid deep recursion.
    let mut stack: Vec<(u32, usize)> = vec![(root, 0)];
    seen[root as usize] = true;
    while let Some(top) = stack.last_mut() {
        let (node, i) = *top;
        let edges = arena.edges(node);
        // Visit children last-to-first so the first child ends up right after its parent.
        let n = edges.len();
        if i < n {
            top.1 += 1;
            let child = edges[n - 1 - i].target();
            if child != 0 && !seen[child as usize] {
                seen[child as usize] = true;
                stack.push((child, 0));
            }
        } else {
            post.push(node);
            stack.pop();
        }
    }
    post.reverse();
    post
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(label: Tile, terminal: bool, target: u32) -> BuildEdge {
        BuildEdge::new(label, terminal, target)
    }

    #[test]
    fn build_edges_pack_their_fields() {
        let x = e(63, true, u32::MAX - 1);
        assert_eq!(
            (x.label(), x.terminal(), x.target()),
            (63, true, u32::MAX - 1)
        );
        let y = e(5, false, 7).with_target(9).with_terminal();
        assert_eq!((y.label(), y.terminal(), y.target()), (5, true, 9));
    }

    #[test]
    fn the_register_keeps_one_node_per_edge_list() {
        let mut a = Arena::with_capacity(4);
        assert_eq!(a.len(), 1);
        // No edges: the shared empty node 0, never added.
        assert_eq!(a.register(&[], false), (0, false));
        let leaf = [e(1, true, 0)];
        let (id, new) = a.register(&leaf, false);
        assert!(new && id == 1);
        // The same edges again: the same node.
        assert_eq!(a.register(&leaf, false), (1, false));
        // Any difference in label, flag or target is another node.
        for other in [e(2, true, 0), e(1, false, 0), e(1, true, 1)] {
            let (id, new) = a.register(&[other], false);
            assert!(new && id > 1, "{other:?}");
        }
        let two = [e(1, false, 1), e(3, true, 0)];
        let (id2, _) = a.register(&two, false);
        assert_eq!(a.edges(id2), two);
        assert_eq!(a.register(&two, false), (id2, false));
        assert_eq!(a.len(), 6);
        assert_eq!(a.child(id2, 3), Some(e(3, true, 0)));
        assert_eq!(a.child(id2, 2), None);
    }

    #[test]
    fn a_register_with_a_base_numbers_after_it() {
        let mut a = Arena::with_base(100, 2);
        let (id, new) = a.register(&[e(4, true, 0)], false);
        assert_eq!((id, new), (100, true));
        // Edges may point below the base (another register's nodes).
        let (id2, _) = a.register(&[e(2, false, 7)], false);
        assert_eq!(id2, 101);
        assert_eq!(a.edges(101), [e(2, false, 7)]);
        assert_eq!(a.len(), 102);
    }

    #[test]
    fn hashing_sees_labels_flags_and_targets() {
        let base = [e(1, false, 2)];
        for other in [[e(2, false, 2)], [e(1, true, 2)], [e(1, false, 3)]] {
            assert_ne!(hash_edges(&base), hash_edges(&other));
        }
        assert_ne!(hash_edges(&base), hash_edges(&[base[0], base[0]]));
    }
}
