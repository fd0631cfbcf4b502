//! KLV leave files (the wolges / MAGPIE / Macondo format): learned leave
//! values, mapped and read in place.
//!
//! A KLV file holds a DAWG whose words are leaves (tiles in order, the
//! blank first as tile 0) as a KWG node array, then one value per leave in
//! the DAWG's word order: `f32` in KLV2, `i16` in 256ths in KLV1. The value
//! of a leave is the value at its rank among the DAWG's words; a leave not
//! in the file, and the empty leave, is worth 0. Facts from the format's
//! documentation (the wolges project's), restated in `formats/kwg.md`:
//!
//! ```text
//! u32 n | n × u32 node | u32 m | m × f32 (KLV2) or m × i16 (KLV1)
//! node: bits 31..24 tile | bit 23 accepts | bit 22 is_end | bits 21..0 arc_index
//! ```
//!
//! Opening checks the sizes, every node's `arc_index`, that the sibling
//! lists end, and counts the words below each node the root reaches, each
//! node once (a table of `n` numbers, the only thing built): O(file size).
//! A file whose graph loops, has an arc that leads to no leave, siblings
//! out of order, a leave of more than 64 tiles, more leaves than values, or
//! a value that is not a finite number is refused. Every walk of the leaves
//! then costs at most their tiles, which the values' count bounds. Lookups
//! read the mapped bytes.
//! [`Klv::leaves`] lists every leave and value in the file's order; with
//! the feature `build`, `klv2_bytes` and `write_klv2` write KLV2 files
//! whose DAWG is laid out as wolges or MAGPIE lay it out (`crate::kwg`),
//! so a file read and written again is the same bytes.

use std::path::Path;

use crate::error::{Error, Result};
use crate::leave::LeaveValue;
use crate::lexicon::{map_file, Data};

/// A KLV1 or KLV2 file, mapped.
pub struct Klv {
    data: Data,
    origin: String,
    nodes: usize,
    /// Byte offset of the values.
    values_at: usize,
    /// `f32` values (KLV2) or `i16` in 256ths (KLV1).
    wide: bool,
    /// Words in the sibling list starting at each node, that list's arcs
    /// and everything below them.
    words: Vec<u32>,
}

use crate::format::kwg::arcs22::{ACCEPTS, ARC_MASK, IS_END, TILE_SHIFT};

impl Klv {
    /// Maps and checks a KLV file.
    pub fn open(path: impl AsRef<Path>) -> Result<Klv> {
        let path = path.as_ref();
        Klv::from_data(map_file(path)?, path.display().to_string())
    }

    /// Checks KLV bytes held in memory.
    pub fn from_vec(bytes: Vec<u8>, origin: &str) -> Result<Klv> {
        Klv::from_data(Data::Owned(bytes), origin.to_string())
    }

    fn from_data(data: Data, origin: String) -> Result<Klv> {
        let bad = |offset: usize, msg: String| Error::BadFile {
            origin: origin.clone(),
            offset: offset as u64,
            msg,
        };
        let b = data.bytes();
        let u32_at = |at: usize| -> Option<u32> {
            b.get(at..at + 4)
                .map(|s| u32::from_le_bytes(s.try_into().unwrap()))
        };
        let n = u32_at(0).ok_or_else(|| bad(0, "too short for a KLV file".into()))? as usize;
        let m_at = 4usize.saturating_add(n.saturating_mul(4));
        let m = u32_at(m_at).ok_or_else(|| {
            bad(
                b.len(),
                format!("{n} nodes need {} bytes before the value count", m_at),
            )
        })? as usize;
        let values_at = m_at + 4;
        let rest = b.len() - values_at;
        let wide = if Some(rest) == m.checked_mul(4) {
            true
        } else if Some(rest) == m.checked_mul(2) {
            false
        } else {
            return Err(bad(
                values_at,
                format!("{m} values in {rest} bytes (4 each in KLV2, 2 in KLV1)"),
            ));
        };
        if n == 0 {
            return Err(bad(0, "no nodes (node 0 holds the root)".into()));
        }
        let node = |i: usize| u32_at(4 + 4 * i).unwrap();
        // Every arc index inside the array; every sibling list ends.
        for i in 0..n {
            let arc = (node(i) & ARC_MASK) as usize;
            if arc >= n {
                return Err(bad(
                    4 + 4 * i,
                    format!("node {i} points to node {arc} of {n}"),
                ));
            }
        }
        if node(n - 1) & IS_END == 0 {
            return Err(bad(
                4 + 4 * (n - 1),
                "the last sibling list does not end".into(),
            ));
        }
        // Words below every node a walk from the root reaches, each node
        // once: linear in the file, whatever its lists share.
        let root = (node(0) & ARC_MASK) as usize;
        let words = count(root, &node, n)
            .map_err(|(at, fault)| bad(4 + 4 * at, format!("node {at}: {fault}")))?;
        let total = if root == 0 { 0 } else { words[root] as usize };
        if total > m {
            return Err(bad(m_at, format!("{total} leaves but {m} values")));
        }
        if wide {
            // A value that is no number would rank first or last whatever
            // the play: refused here, not met in a search.
            let values = &b[values_at..values_at + 4 * m];
            // A million values in a large file: all are or-ed together
            // without a branch (vector compares); only a file with a fault
            // is read again, for the first one.
            let not_finite =
                |v: &[u8]| u32::from_le_bytes(v.try_into().unwrap()) & 0x7f80_0000 == 0x7f80_0000;
            let any = values
                .chunks_exact(4)
                .fold(false, |any, v| any | not_finite(v));
            if let Some(i) = any
                .then(|| values.chunks_exact(4).position(not_finite))
                .flatten()
            {
                let v = f32::from_le_bytes(values[4 * i..4 * i + 4].try_into().unwrap());
                return Err(bad(
                    values_at + 4 * i,
                    format!("value {i} is {v}, not a finite number"),
                ));
            }
        }
        Ok(Klv {
            data,
            origin,
            nodes: n,
            values_at,
            wide,
            words,
        })
    }

    fn node(&self, i: usize) -> u32 {
        node_in(self.data.bytes(), i)
    }

    /// Whether node 1 is an empty second root, as MAGPIE writes every KWG
    /// (its DAWG-only files too); wolges' KLV files start the root's list
    /// there. An arc with no children that completes no leave is never
    /// part of a minimal graph, so the two cannot be confused.
    pub fn has_empty_second_root(&self) -> bool {
        self.nodes >= 2 && self.node(1) == IS_END
    }

    /// Where the file came from.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// Leaves with a value.
    pub fn len(&self) -> usize {
        let root = (self.node(0) & ARC_MASK) as usize;
        if root == 0 {
            0
        } else {
            self.words[root] as usize
        }
    }

    /// True when the file values no leave.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The full check `lexgraph verify` runs, beyond what opening checked:
    /// the graph as a KWG's (`format::kwg::verify_leaves`: siblings in
    /// order, tiles inside an alphabet of `max_tile` tiles with 0 the
    /// blank, nothing unreachable but padding) and one value per leave,
    /// no more. A fault is [`Error::BadFile`] naming its byte offset.
    pub fn verify(&self, max_tile: crate::Tile) -> Result<crate::format::kwg::KwgReport> {
        let b = self.data.bytes();
        let report =
            crate::format::kwg::verify_leaves(&b[4..4 + 4 * self.nodes], &self.origin, max_tile)?;
        let values = (b.len() - self.values_at) / if self.wide { 4 } else { 2 };
        if values != self.len() {
            return Err(Error::BadFile {
                origin: self.origin.clone(),
                offset: self.values_at as u64 - 4,
                msg: format!("{values} values for {} leaves", self.len()),
            });
        }
        Ok(report)
    }

    /// The rank of the leave `tiles` (ascending) among the file's words.
    fn rank(&self, tiles: &[u8]) -> Option<usize> {
        let mut list = (self.node(0) & ARC_MASK) as usize;
        let mut rank = 0usize;
        for (k, &t) in tiles.iter().enumerate() {
            if list == 0 {
                return None;
            }
            let mut i = list;
            loop {
                let v = self.node(i);
                let tile = (v >> TILE_SHIFT) as u8;
                if tile == t {
                    let last = k + 1 == tiles.len();
                    if last {
                        return (v & ACCEPTS != 0).then_some(rank);
                    }
                    rank += (v & ACCEPTS != 0) as usize;
                    list = (v & ARC_MASK) as usize;
                    break;
                }
                if tile > t || v & IS_END != 0 {
                    return None;
                }
                // Every word through this arc sorts before the leave.
                rank += (v & ACCEPTS != 0) as usize + below(&self.words, v);
                i += 1;
                if i >= self.nodes {
                    return None;
                }
            }
        }
        None
    }

    /// Every leave with its value, in the file's order (the DAWG's word
    /// order: tiles ascending, blanks first, as tile 0).
    pub fn leaves(&self) -> KlvEntries<'_> {
        let root = self.node(0) & ARC_MASK;
        KlvEntries {
            klv: self,
            stack: if root == 0 {
                vec![]
            } else {
                vec![(root as usize, 0)]
            },
            word: Vec::new(),
            rank: 0,
        }
    }

    /// The byte offset of the `i`-th value (to name it in messages).
    pub fn value_offset(&self, i: usize) -> u64 {
        (self.values_at + i * if self.wide { 4 } else { 2 }) as u64
    }

    /// True for KLV2 (`f32` values), false for KLV1 (`i16` in 256ths).
    pub fn is_klv2(&self) -> bool {
        self.wide
    }

    fn value_at(&self, i: usize) -> f32 {
        self.value_in(self.data.bytes(), i)
    }

    /// Asks the CPU to fetch value `i` of the file's bytes `b`, to be read
    /// soon ([`Klv::value_in`]); nothing if `i` is out of range.
    #[inline]
    fn prefetch_value(&self, b: &[u8], i: usize) {
        let at = self.values_at + if self.wide { 4 * i } else { 2 * i };
        if let Some(byte) = b.get(at) {
            crate::simd::prefetch(byte);
        }
    }

    /// [`Klv::value_at`] in the file's bytes `b`, fetched once by the caller.
    #[inline]
    fn value_in(&self, b: &[u8], i: usize) -> f32 {
        if self.wide {
            let at = self.values_at + 4 * i;
            f32::from_le_bytes(b[at..at + 4].try_into().unwrap())
        } else {
            let at = self.values_at + 2 * i;
            i16::from_le_bytes(b[at..at + 2].try_into().unwrap()) as f32 / 256.0
        }
    }
}

/// Node `i` of the file `b`.
#[inline(always)]
fn node_in(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes(b[4 + 4 * i..8 + 4 * i].try_into().unwrap())
}

/// The leaves of a [`Klv`] and their values, in the file's order: a walk
/// of the DAWG, children before the next sibling (each sibling list in the
/// order its nodes are stored), so that the `i`-th leave has the `i`-th
/// value.
pub struct KlvEntries<'k> {
    klv: &'k Klv,
    /// (node, tiles before it) still to visit.
    stack: Vec<(usize, usize)>,
    word: Vec<u8>,
    rank: usize,
}

impl Iterator for KlvEntries<'_> {
    type Item = (Vec<u8>, f32);

    fn next(&mut self) -> Option<(Vec<u8>, f32)> {
        // Opening checked every arc index and that the graph has no loop,
        // so the walk ends; it yields at most the file's value count.
        while let Some((i, depth)) = self.stack.pop() {
            let v = self.klv.node(i);
            self.word.truncate(depth);
            self.word.push((v >> TILE_SHIFT) as u8);
            if v & IS_END == 0 && i + 1 < self.klv.nodes {
                self.stack.push((i + 1, depth));
            }
            let child = (v & ARC_MASK) as usize;
            if child != 0 {
                self.stack.push((child, depth + 1));
            }
            if v & ACCEPTS != 0 {
                let value = self.klv.value_at(self.rank);
                self.rank += 1;
                return Some((self.word.clone(), value));
            }
        }
        None
    }
}

/// The bytes of a KLV2 file valuing each `(leave, value)`: the leaves'
/// DAWG as a KWG laid out as `layout` does (as wolges writes it, or as
/// MAGPIE does), then the values in the DAWG's word order. A leave's tiles
/// may come in any order (0 is the blank); a leave given twice, an empty
/// leave, or a tile above 63 is an error naming the pair's index.
///
/// ```
/// use lexgraph::klv::{klv2_bytes, Klv};
/// use lexgraph::kwg::NodeOrder;
///
/// // ? (the blank) and ES (E = 5, S = 19): read back in the DAWG's order.
/// let bytes = klv2_bytes([(vec![19, 5], 11.5), (vec![0], 25.0)], NodeOrder::Wolges)?;
/// let klv = Klv::from_vec(bytes, "inline")?;
/// let leaves: Vec<(Vec<u8>, f32)> = klv.leaves().collect();
/// assert_eq!(leaves, [(vec![0], 25.0), (vec![5, 19], 11.5)]);
/// # Ok::<(), lexgraph::Error>(())
/// ```
#[cfg(feature = "build")]
pub fn klv2_bytes(
    leaves: impl IntoIterator<Item = (Vec<u8>, f32)>,
    layout: crate::kwg::NodeOrder,
) -> Result<Vec<u8>> {
    let mut pairs: Vec<(Vec<u8>, f32, usize)> = leaves
        .into_iter()
        .enumerate()
        .map(|(i, (mut tiles, value))| {
            tiles.sort_unstable();
            (tiles, value, i)
        })
        .collect();
    pairs.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(a.2.cmp(&b.2)));
    for w in pairs.windows(2) {
        if w[0].0 == w[1].0 {
            return Err(Error::KwgWords {
                index: w[1].2,
                msg: format!("the leave {:?} is given twice", w[1].0),
            });
        }
    }
    if let Some(p) = pairs.first().filter(|p| p.0.is_empty()) {
        return Err(Error::KwgWords {
            index: p.2,
            msg: "the empty leave has no place in a KLV file (it is worth 0)".into(),
        });
    }
    let words: Vec<&[u8]> = pairs.iter().map(|p| &p.0[..]).collect();
    let nodes = crate::kwg::dawg(&words, layout).map_err(|e| match e {
        // Name the pair as given, not its place in sorted order.
        Error::KwgWords { index, msg } => Error::KwgWords {
            index: pairs[index].2,
            msg,
        },
        e => e,
    })?;
    let mut out = Vec::with_capacity(8 + 4 * nodes.len() + 4 * pairs.len());
    out.extend((nodes.len() as u32).to_le_bytes());
    out.extend(crate::kwg::to_bytes(&nodes));
    out.extend((pairs.len() as u32).to_le_bytes());
    for p in &pairs {
        out.extend(p.1.to_le_bytes());
    }
    Ok(out)
}

/// [`klv2_bytes`] written to `path` atomically (a temporary file renamed
/// into place: a reader never sees half a file).
#[cfg(feature = "build")]
pub fn write_klv2(
    path: &Path,
    leaves: impl IntoIterator<Item = (Vec<u8>, f32)>,
    layout: crate::kwg::NodeOrder,
) -> Result<()> {
    crate::compile::write_atomic(path, &klv2_bytes(leaves, layout)?)
}

/// A word list's own leave values travel with it: `LIST.klv2` beside the
/// list `LIST.txt` is checked (it must read as a KLV file) and written
/// atomically to `BASE.klv2` beside the lexicon compiled to `BASE.gaddag`,
/// where equity rankings find it by default
/// ([`crate::strategy::Leaves::of_lexicon`]). Returns the file written and
/// its number of leaves; `None` when the list has no leaves beside it.
#[cfg(feature = "build")]
pub fn copy_list_leaves(list: &Path, base: &Path) -> Result<Option<(std::path::PathBuf, usize)>> {
    let leaves = list.with_extension("klv2");
    if !leaves.is_file() {
        return Ok(None);
    }
    let bytes = std::fs::read(&leaves).map_err(|e| Error::io(&leaves, e))?;
    // The bytes checked are the bytes written.
    let klv = Klv::from_vec(bytes.clone(), &leaves.display().to_string())?;
    let mut dest = base.as_os_str().to_owned();
    dest.push(".klv2");
    let dest = std::path::PathBuf::from(dest);
    crate::compile::write_atomic(&dest, &bytes)?;
    Ok(Some((dest, klv.len())))
}

/// Words in the subtree below arc `v` (not counting the arc's own word).
fn below(words: &[u32], v: u32) -> usize {
    match (v & ARC_MASK) as usize {
        0 => 0,
        c => words[c] as usize,
    }
}

/// What [`count`] refuses.
#[derive(Debug)]
enum Fault {
    Loop,
    Dead,
    Deep,
    Order,
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Fault::Loop => "the graph loops through this node",
            Fault::Dead => "an arc that leads nowhere and ends no leave",
            Fault::Deep => "a leave of more than 64 tiles (a rack holds at most 63)",
            Fault::Order => "its next sibling's tile is not higher (lists are sorted)",
        })
    }
}

/// Words of the sibling list from each node on (its arc's word, the words
/// below it, and the later siblings'), for every node a walk from the list
/// at `root` reaches (0 elsewhere): each node once, by a depth-first search
/// with an explicit stack over its two successors, the next sibling and
/// the child list. Refuses, naming the node, a loop, an arc that ends no
/// leave and leads to none (every reached node then leads to a leave, so
/// that a walk of the leaves costs at most their tiles), leaves of more
/// than 64 tiles, and siblings out of order.
fn count(
    root: usize,
    node: &impl Fn(usize) -> u32,
    n: usize,
) -> std::result::Result<Vec<u32>, (usize, Fault)> {
    let mut words = vec![0u32; n];
    if root == 0 {
        return Ok(words);
    }
    // Tiles of the longest leave from each node's list on.
    let mut longest = vec![0u8; n];
    // 0 new, 1 on the search's path, 2 done.
    let mut state = vec![0u8; n];
    // (node, whether its successors were pushed)
    let mut stack = vec![(root, false)];
    while let Some(&mut (i, ref mut opened)) = stack.last_mut() {
        let v = node(i);
        let child = (v & ARC_MASK) as usize;
        let next = (v & IS_END == 0 && i + 1 < n).then_some(i + 1);
        if !*opened {
            if state[i] == 2 {
                // Pushed twice, finished through the other entry.
                stack.pop();
                continue;
            }
            *opened = true;
            state[i] = 1;
            if v & ACCEPTS == 0 && child == 0 {
                return Err((i, Fault::Dead));
            }
            // Sorted lists are at most 256 long: a lookup's scan is short.
            if next.is_some_and(|s| node(s) >> TILE_SHIFT <= v >> TILE_SHIFT) {
                return Err((i, Fault::Order));
            }
            for s in [next, (child != 0).then_some(child)].into_iter().flatten() {
                match state[s] {
                    0 => stack.push((s, false)),
                    1 => return Err((s, Fault::Loop)),
                    _ => {}
                }
            }
            continue;
        }
        stack.pop();
        state[i] = 2;
        let mut w = (v & ACCEPTS != 0) as u32;
        let mut l = 1u8;
        if child != 0 {
            w = w.saturating_add(words[child]);
            l = longest[child].saturating_add(1);
        }
        if let Some(s) = next {
            w = w.saturating_add(words[s]);
            l = l.max(longest[s]);
        }
        if l > 64 {
            return Err((i, Fault::Deep));
        }
        words[i] = w;
        longest[i] = l;
    }
    Ok(words)
}

impl Klv {
    /// [`LeaveValue::sub_leave_values`] in one walk: the leaves of a rack
    /// share prefixes, so each arc is found once for all of them, with the
    /// rank it adds. `b` is the file's bytes (fetched once: the mapping
    /// is behind an enum). `list` is where to look for the first kind's
    /// tile: a sibling list's first arc, or the arc a lower kind's search
    /// in that list stopped at (the arcs before it, counted in `rank`, are
    /// lower tiles), so that the kinds skipped do not rescan the list.
    fn walk_sub_leaves(
        &self,
        b: &[u8],
        kinds: &[(u8, u8, usize)],
        list: usize,
        rank: usize,
        code: usize,
        out: &mut [usize],
    ) {
        let Some((&(t, copies, stride), rest)) = kinds.split_first() else {
            return;
        };
        let (mut list, mut rank, mut code) = (list, rank, code);
        for copy in 0..copies {
            // Find tile `t` in the list, counting the words before it.
            let mut i = list;
            let mut before = rank;
            let found = loop {
                if i == 0 || i >= self.nodes {
                    break None;
                }
                let v = node_in(b, i);
                let tile = (v >> TILE_SHIFT) as u8;
                if tile == t {
                    break Some(v);
                }
                if tile > t || v & IS_END != 0 {
                    break None;
                }
                // Every word through this arc sorts before the leave.
                before += (v & ACCEPTS != 0) as usize + below(&self.words, v);
                i += 1;
            };
            if copy == 0 {
                // No copy of this kind: the next kinds (higher tiles) go on
                // in this list from where the scan stopped.
                self.walk_sub_leaves(b, rest, i, before, code, out);
            }
            let Some(v) = found else {
                return; // no leave goes on with `t` here
            };
            rank = before;
            code += stride;
            if v & ACCEPTS != 0 {
                out[code] = rank;
                self.prefetch_value(b, rank);
                rank += 1;
            }
            list = (v & ARC_MASK) as usize;
            self.walk_sub_leaves(b, rest, list, rank, code, out);
        }
        if copies == 0 {
            self.walk_sub_leaves(b, rest, list, rank, code, out);
        }
    }
}

impl LeaveValue for Klv {
    fn sub_leave_values(&self, rack: &[u8; 64], out: &mut [f32]) {
        // On the stack: no allocation per search.
        let mut all = [(0u8, 0u8, 0usize); 64];
        let (mut nk, mut stride) = (0, 1usize);
        for (t, &c) in rack.iter().enumerate().filter(|(_, &c)| c > 0) {
            all[nk] = (t as u8, c, stride);
            nk += 1;
            stride = stride.saturating_mul(c as usize + 1);
        }
        let kinds = &all[..nk];
        if out.len() != stride {
            // Not the layout the trait promises: value one by one.
            return crate::leave::each_sub_leave(self, rack, out);
        }
        out.fill(0.0);
        let b = self.data.bytes();
        let root = (node_in(b, 0) & ARC_MASK) as usize;
        // The walk finds each leave's rank and asks for its value's cache
        // line; the values are read after it, so that their cache misses
        // overlap instead of each stalling the walk in turn.
        // On the stack for racks of up to 7 distinct tiles (128 codes): no
        // allocation per search.
        let (mut stack, mut heap) = ([usize::MAX; 128], Vec::new());
        let ranks: &mut [usize] = match stack.get_mut(..out.len()) {
            Some(s) => s,
            None => {
                heap.resize(out.len(), usize::MAX);
                &mut heap
            }
        };
        self.walk_sub_leaves(b, kinds, root, 0, 0, ranks);
        for (o, &r) in out.iter_mut().zip(ranks.iter()) {
            if r != usize::MAX {
                *o = self.value_in(b, r);
            }
        }
    }

    fn value(&self, counts: &[u8; 64]) -> f32 {
        let mut tiles = [0u8; 64];
        let mut len = 0;
        for (t, &c) in counts.iter().enumerate() {
            for _ in 0..c {
                if len == tiles.len() {
                    return 0.0;
                }
                tiles[len] = t as u8;
                len += 1;
            }
        }
        if len == 0 {
            return 0.0;
        }
        match self.rank(&tiles[..len]) {
            Some(i) => self.value_at(i),
            None => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A KLV2 of the leaves A, AB, B (tiles 1, 2) with values 1, 2, 3.
    fn tiny(values_f32: bool) -> Vec<u8> {
        let node = |tile: u32, accepts: bool, end: bool, arc: u32| {
            tile << 24 | (accepts as u32) << 23 | (end as u32) << 22 | arc
        };
        let nodes = [
            node(0, false, true, 1), // root pointer
            node(1, true, false, 3), // A -> list at 3
            node(2, true, true, 0),  // B
            node(2, true, true, 0),  // A B
        ];
        let mut v = (nodes.len() as u32).to_le_bytes().to_vec();
        for n in nodes {
            v.extend(n.to_le_bytes());
        }
        v.extend(3u32.to_le_bytes());
        for x in [1.0f32, 2.0, 3.0] {
            if values_f32 {
                v.extend(x.to_le_bytes());
            } else {
                v.extend(((x * 256.0) as i16).to_le_bytes());
            }
        }
        v
    }

    fn leave(tiles: &[usize]) -> [u8; 64] {
        let mut c = [0u8; 64];
        for &t in tiles {
            c[t] += 1;
        }
        c
    }

    #[test]
    fn values_by_rank_in_both_versions() {
        for wide in [true, false] {
            let k = Klv::from_vec(tiny(wide), "tiny").unwrap();
            assert_eq!(k.len(), 3);
            assert_eq!(k.value(&leave(&[1])), 1.0);
            assert_eq!(k.value(&leave(&[1, 2])), 2.0);
            assert_eq!(k.value(&leave(&[2])), 3.0);
            assert_eq!(k.value(&leave(&[2, 2])), 0.0);
            assert_eq!(k.value(&leave(&[])), 0.0);
        }
    }

    /// A value that is no number is found wherever it lies: in the first
    /// block of those checked together, in a later one, in the last
    /// (partial) one, and the first of two.
    #[test]
    fn a_value_that_is_no_number_is_named_wherever_it_lies() {
        let good = tiny(true);
        // The tiny file's three values and 997 more, unread by any leave.
        let values_at = good.len() - 12;
        let with = |faults: &[(usize, f32)]| {
            let mut v = good[..values_at - 4].to_vec();
            v.extend(1000u32.to_le_bytes());
            let mut values = vec![0.5f32; 1000];
            for &(i, x) in faults {
                values[i] = x;
            }
            for x in values {
                v.extend(x.to_le_bytes());
            }
            v
        };
        assert_eq!(Klv::from_vec(with(&[]), "t").unwrap().len(), 3);
        for (faults, want) in [
            (&[(0, f32::NAN)][..], (0, "NaN")),
            (&[(255, f32::INFINITY)], (255, "inf")),
            (&[(700, f32::NAN), (900, f32::INFINITY)], (700, "NaN")),
            (&[(999, f32::NEG_INFINITY)], (999, "-inf")),
        ] {
            match Klv::from_vec(with(faults), "t") {
                Err(Error::BadFile { offset, msg, .. }) => {
                    assert_eq!(offset as usize, values_at + 4 * want.0);
                    assert_eq!(
                        msg,
                        format!("value {} is {}, not a finite number", want.0, want.1)
                    );
                }
                other => panic!("{faults:?}: {:?}", other.map(|k| k.len())),
            }
        }
    }

    #[cfg(feature = "build")]
    mod writing {
        use super::super::*;
        use super::leave;
        use crate::kwg::NodeOrder;
        use proptest::prelude::*;

        fn leaves() -> impl Strategy<Value = Vec<(Vec<u8>, f32)>> {
            let leave = prop::collection::vec(0u8..6, 1..5).prop_map(|mut t| {
                t.sort_unstable();
                t
            });
            prop::collection::btree_map(leave, any::<f32>(), 0..80)
                .prop_map(|m| m.into_iter().collect())
        }

        proptest! {
            /// Written, opened, read: every value back, bit for bit, in
            /// order; and written again from the leaves read, the same bytes.
            #[test]
            fn values_survive_writing_and_reading(pairs in leaves()) {
                for layout in [NodeOrder::Wolges, NodeOrder::Magpie] {
                    let bytes = klv2_bytes(pairs.iter().cloned(), layout).unwrap();
                    let k = Klv::from_vec(bytes.clone(), "t").unwrap();
                    prop_assert_eq!(k.len(), pairs.len());
                    let back: Vec<(Vec<u8>, f32)> = k.leaves().collect();
                    prop_assert_eq!(back.len(), pairs.len());
                    for ((t, v), (bt, bv)) in pairs.iter().zip(&back) {
                        prop_assert_eq!(t, bt);
                        prop_assert_eq!(v.to_bits(), bv.to_bits());
                        let counts = leave(&t.iter().map(|&x| x as usize).collect::<Vec<_>>());
                        prop_assert_eq!(k.value(&counts).to_bits(), v.to_bits());
                    }
                    prop_assert_eq!(klv2_bytes(back, layout).unwrap(), bytes);
                }
            }

            /// One walk values every leave of a rack as valuing each alone
            /// does, for racks of up to 7 distinct tiles (128 codes or
            /// fewer) and past them (more codes than the walk keeps on the
            /// stack).
            #[test]
            fn sub_leaves_in_one_walk(pairs in leaves(), rack in prop::collection::vec(0u8..10, 0..10)) {
                let k = Klv::from_vec(klv2_bytes(pairs, NodeOrder::Wolges).unwrap(), "t").unwrap();
                let counts = leave(&rack.iter().map(|&x| x as usize).collect::<Vec<_>>());
                let size: usize = counts.iter().map(|&c| c as usize + 1).product();
                let (mut walked, mut each) = (vec![f32::NAN; size], vec![f32::NAN; size]);
                k.sub_leave_values(&counts, &mut walked);
                crate::leave::each_sub_leave(&k, &counts, &mut each);
                let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                prop_assert_eq!(bits(&walked), bits(&each));
            }
        }

        #[test]
        fn sub_leaves_of_a_rack_past_the_stack_buffer() {
            // Nine distinct tiles: 512 codes, more than the walk keeps on
            // the stack.
            let pairs = vec![(vec![1], 1.5), (vec![1, 9], -2.0), (vec![3, 4, 5], 4.25)];
            let k = Klv::from_vec(klv2_bytes(pairs, NodeOrder::Wolges).unwrap(), "t").unwrap();
            let counts = leave(&(1..=9).collect::<Vec<_>>());
            let (mut walked, mut each) = (vec![f32::NAN; 512], vec![f32::NAN; 512]);
            k.sub_leave_values(&counts, &mut walked);
            crate::leave::each_sub_leave(&k, &counts, &mut each);
            assert_eq!(walked, each);
            assert!(walked.contains(&4.25) && walked.contains(&-2.0));
        }

        #[test]
        fn tiles_in_any_order_and_faults_by_index() {
            let a = klv2_bytes([(vec![2, 1], 1.5), (vec![1], -2.0)], NodeOrder::Wolges).unwrap();
            let k = Klv::from_vec(a, "t").unwrap();
            let got: Vec<_> = k.leaves().collect();
            assert_eq!(got, [(vec![1], -2.0), (vec![1, 2], 1.5)]);
            let e = |pairs: Vec<(Vec<u8>, f32)>| {
                klv2_bytes(pairs, NodeOrder::Wolges)
                    .unwrap_err()
                    .to_string()
            };
            let twice = e(vec![(vec![1, 2], 1.0), (vec![3], 0.0), (vec![2, 1], 2.0)]);
            assert_eq!(twice, "word 2: the leave [1, 2] is given twice");
            assert!(e(vec![(vec![1], 1.0), (vec![], 2.0)]).starts_with("word 1: the empty leave"));
            assert!(e(vec![(vec![1], 1.0), (vec![70], 2.0)]).starts_with("word 1: tile 70"));
        }
    }

    #[test]
    fn corrupt_files_are_refused_with_the_offset() {
        let good = tiny(true);
        // Truncated anywhere: an error, never a panic; except where the
        // values left are exactly 2 bytes each, which is a KLV1 file (the
        // versions differ only in the values' size).
        let values_at = good.len() - 12;
        for len in 0..good.len() {
            let r = Klv::from_vec(good[..len].to_vec(), "t");
            assert_eq!(r.is_ok(), len == values_at + 6, "{len}");
        }
        // An arc out of the array.
        let mut b = good.clone();
        b[8..12].copy_from_slice(&(1u32 << 23 | 1 << 24 | 99).to_le_bytes());
        let e = Klv::from_vec(b, "t").err().unwrap().to_string();
        assert!(e.contains("points to node 99"), "{e}");
        // A loop: B's list points back to the root's list.
        let mut b = good.clone();
        b[12..16].copy_from_slice(&(2u32 << 24 | 1 << 23 | 1 << 22 | 1).to_le_bytes());
        let e = Klv::from_vec(b, "t").err().unwrap().to_string();
        assert!(e.contains("loops"), "{e}");
        // Every single-bit flip: an error or a file that answers without
        // panicking.
        for i in 0..good.len() * 8 {
            let mut b = good.clone();
            b[i / 8] ^= 1 << (i % 8);
            if let Ok(k) = Klv::from_vec(b, "t") {
                for l in [&[1usize][..], &[1, 2], &[2], &[0, 1, 2, 3]] {
                    let _ = k.value(&leave(l));
                }
            }
        }
    }
}
