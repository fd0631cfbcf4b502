//! The edge reader against the generic one, on every view, and at the
//! edges of its arrays.

use super::*;
use crate::format::EDGE_PADDING;

/// `Edges::new` must drop edges whose 8-byte read would leave the
/// buffer: the unchecked loads rely on it.
#[test]
fn edges_past_the_bytes_are_cut() {
    // 11-bit edges (tile 5, flags 2, target 4); 6 edges need 66 bits.
    for len_bytes in 0..24 {
        let bytes: Vec<u8> = (0..len_bytes).map(|b| (b * 37 + 11) as u8).collect();
        let e = Edges::new(&bytes, 6, 5, 4, 26);
        let fits = |i: usize| (i * 11) / 8 + 8 <= bytes.len();
        assert!(e.len() <= 6);
        for i in 0..e.len() {
            assert!(fits(i), "edge {i} kept with {len_bytes} bytes");
        }
        if e.len() < 6 {
            assert!(
                !fits(e.len()),
                "edge {} cut with {len_bytes} bytes",
                e.len()
            );
        }
        // Every reader stays inside, whatever the bits say.
        for first in 0..8u32 {
            let hits = e.select(first, u64::MAX);
            for k in 0..64 {
                if hits >> k & 1 == 1 {
                    let a = e.arc_at(first, k);
                    assert!(a.target == 0 || (a.target as usize) < e.len());
                }
            }
            let _ = e.arc_at(first, 63);
            let _ = e.separator(first);
            e.prefetch(u32::MAX >> first);
            e.for_each_in(first, u64::MAX, |_| true);
        }
    }
}

/// A view with fixed widths reads exactly what the generic one reads,
/// on any bytes and on buffers cut short (its loads are unchecked).
#[test]
fn fixed_widths_read_as_any() {
    fn same<W: Widths>(any: &Edges<'_>, w: &Edges<'_, W>) {
        assert_eq!(any.len(), w.len());
        for first in 0..any.len() as u32 + 2 {
            for tiles in [u64::MAX, 0b1010_0110, 1 << 3, 0] {
                assert_eq!(any.select(first, tiles), w.select(first, tiles));
                let (mut a, mut b) = (Vec::new(), Vec::new());
                any.for_each_in(first, tiles, |x| {
                    a.push(x);
                    true
                });
                w.for_each_in(first, tiles, |x| {
                    b.push(x);
                    true
                });
                assert_eq!(a, b);
            }
            let (ka, kw) = (any.node_keys(first), w.node_keys(first));
            for k in 0..64 {
                assert_eq!(any.arc_at(first, k), w.arc_at(first, k));
                // The node's keys read once read as the edge read alone.
                assert_eq!(any.arc_in(first, ka, k), any.arc_at(first, k));
                assert_eq!(w.arc_in(first, kw, k), w.arc_at(first, k));
            }
            assert_eq!(any.separator(first), w.separator(first));
            assert_eq!(any.arc(first), w.arc(first));
            assert_eq!(any.arc(first), w.arc(first));
            assert!(any.children(first).eq(w.children(first)));
            w.prefetch(first);
        }
    }
    for seed in 0..16u32 {
        let bytes: Vec<u8> = (0..200u32)
            .map(|b| (b.wrapping_mul(2654435761).wrapping_add(seed * 97) >> 13) as u8)
            .collect();
        for cut in [200, 77, 13, 8, 3] {
            let b = &bytes[..cut];
            // 32-bit edges: 5-bit tiles, 25-bit targets.
            let any = Edges::new(b, 48, 5, 25, 26);
            same(&any, &any.fixed::<Aligned5>().unwrap());
            same(&any, &any.fixed::<Tiles5>().unwrap());
            let v = any.fixed::<Aligned5Avx512>();
            assert_eq!(v.is_some(), simd::available());
            v.inspect(|v| same(&any, v));
            any.fixed::<Tiles5Avx512>().inspect(|v| same(&any, v));
            // Packed 27-bit edges.
            let any = Edges::new(b, 56, 5, 20, 26);
            assert!(any.fixed::<Aligned5>().is_none());
            same(&any, &any.fixed::<Tiles5>().unwrap());
            assert!(any.fixed::<Aligned5Avx512>().is_none());
            let v = any.fixed::<Tiles5Avx512>();
            assert_eq!(v.is_some(), simd::available());
            v.inspect(|v| same(&any, v));
            // Edges over 32 bits: no vector view.
            let any = Edges::new(b, 40, 5, 27, 26);
            assert!(any.fixed::<Tiles5Avx512>().is_none());
            // 6-bit tiles: no fixed view applies.
            let any = Edges::new(b, 56, 6, 20, 40);
            assert!(any.fixed::<Tiles5>().is_none() && any.fixed::<Aligned5>().is_none());
            assert!(any.fixed::<Tiles5Avx512>().is_none());
        }
    }
}

/// Slots of masked nodes: `(tiles, terminal, target)` per edge, each
/// node's mask slot first, as the writer lays them out.
fn masked_slots(nodes: &[Vec<(u32, bool, u32)>]) -> Vec<u8> {
    let mut out = Vec::new();
    for node in nodes {
        let mask = node.iter().fold(0u32, |m, e| m | 1 << e.0);
        out.extend_from_slice(&mask.to_le_bytes());
        for (k, &(tile, terminal, target)) in node.iter().enumerate() {
            let last = (k + 1 == node.len()) as u32;
            let w = tile | (terminal as u32) << 5 | last << 6 | target << 7;
            out.extend_from_slice(&w.to_le_bytes());
        }
    }
    out.extend_from_slice(&[0; EDGE_PADDING]);
    out
}

/// A masked node's child is found by its mask: `select` gives tiles,
/// `arc_at` the edge for a tile, and the scan-free reader agrees with
/// the generic one.
#[test]
fn masked_nodes_find_children_by_rank() {
    // Root (slot 0): tiles 1, 3, 4 -> node at slot 4 (tiles 0, 2), and
    // a terminal edge; node 4 -> nothing.
    let bytes = masked_slots(&[
        vec![(1, false, 4), (3, true, 0), (4, true, 4)],
        vec![(0, false, 7), (2, true, 0)],
        vec![(5, true, 0)],
    ]);
    let any = Edges::masked(&bytes, 9, 26);
    let m = any.fixed::<Masked5>().unwrap();
    assert_eq!(any.fixed::<Masked5Popcnt>().is_some(), simd::has_popcnt());
    assert!(any.fixed::<Aligned5>().is_none() && any.fixed::<Tiles5>().is_none());
    for e in [any, Edges::masked(&bytes, 9, 26)] {
        assert_eq!(e.select(0, u64::MAX), 0b11010);
        assert_eq!(e.select(0, 0b1100), 0b1000);
        let a = e.arc_at(0, 4);
        assert_eq!((a.tile, a.terminal, a.last, a.target), (4, true, true, 4));
        assert_eq!(e.child(0, 3).map(|a| a.target), Some(0));
        assert_eq!(e.child(0, 2), None);
        assert_eq!(e.separator(4).map(|a| a.target), Some(7));
        assert_eq!(e.separator(0), None);
        let kids: Vec<Tile> = e.children(4).map(|a| a.tile).collect();
        assert_eq!(kids, [0, 2]);
        let mut seen = Vec::new();
        e.for_each_in(0, 0b11000, |a| {
            seen.push(a.tile);
            true
        });
        assert_eq!(seen, [3, 4]);
    }
    assert_eq!(m.select(4, u64::MAX), 0b101);
    assert_eq!(m.arc_at(4, 2), any.arc_at(4, 2));
    // Tiles above the alphabet read as absent.
    let small = Edges::masked(&bytes, 9, 3);
    assert_eq!(small.select(0, u64::MAX), 0b1010);
}

/// A masked view of any bytes reads what the generic one reads and
/// stays inside the array, whatever its masks say.
#[test]
fn masked_views_of_any_bytes_stay_inside() {
    let mut next = xorshift(0x5DEE_CE66_D1CE_4E5B);
    for cut in [0usize, 3, 8, 13, 40, 77, 200] {
        let bytes: Vec<u8> = (0..cut).map(|_| next(256) as u8).collect();
        let any = Edges::masked(&bytes, 60, 26);
        let m = any.fixed::<Masked5>().unwrap();
        assert!(any.len() * 4 + 4 <= bytes.len().max(4));
        for first in 0..any.len() as u32 + 3 {
            assert_eq!(any.select(first, u64::MAX), m.select(first, u64::MAX));
            let keys = m.node_keys(first);
            for k in 0..64 {
                let (a, b) = (any.arc_at(first, k), m.arc_at(first, k));
                assert_eq!(a, b);
                assert_eq!(m.arc_in(first, keys, k), a);
                assert_eq!(any.arc_in(first, any.node_keys(first), k), a);
                // A search places the tile the mask selected, past the
                // array too (a fuzzing finding).
                assert_eq!(a.tile as u32, k);
                assert!(a.target == 0 || (a.target > first && a.target < any.len() as u32));
            }
            assert_eq!(any.separator(first), m.separator(first));
            assert!(any.children(first).eq(m.children(first)));
            m.prefetch(first);
        }
    }
}

/// A xorshift generator: `next(n)` is in `0..n`.
fn xorshift(mut state: u64) -> impl FnMut(u64) -> u64 {
    move |n| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    }
}

/// Packed edges (5-bit tiles) of 40 nodes of random sizes, some sorted
/// by tile (as files are), some not (as corrupt files may be), one of 80
/// edges; with the file's padding. Returns the edge count and the bytes.
fn random_nodes(next: &mut impl FnMut(u64) -> u64, target_bits: u32) -> (u32, Vec<u8>) {
    let eb = 5 + 2 + target_bits as usize;
    let mut raw = Vec::new();
    for node in 0..40 {
        let n = if node == 7 { 80 } else { 1 + next(40) };
        let sorted = next(2) == 0;
        let mut t = next(4);
        for k in 0..n {
            let tile = if sorted { t.min(31) } else { next(32) };
            t += 1 + next(2);
            let last = (k + 1 == n) as u64;
            let target = next(1 << target_bits);
            raw.push(tile | next(2) << 5 | last << 6 | target << 7);
        }
    }
    let mut bytes = vec![0u8; (raw.len() * eb).div_ceil(8) + EDGE_PADDING];
    for (i, &r) in raw.iter().enumerate() {
        for b in 0..eb {
            if r >> b & 1 == 1 {
                let at = i * eb + b;
                bytes[at / 8] |= 1 << (at % 8);
            }
        }
    }
    (raw.len() as u32, bytes)
}

/// The AVX-512 scan reads nothing past the edge array, whatever the
/// array's length: here the array ends right before a page the process
/// may not read, so a read past it crashes the test.
#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
#[test]
fn avx512_select_stays_in_the_array() {
    if !simd::available() {
        eprintln!("no AVX-512 on this CPU: nothing to check");
        return;
    }
    const PAGE: usize = 4096;
    extern "C" {
        fn mprotect(addr: *mut std::ffi::c_void, len: usize, prot: i32) -> i32;
    }
    let mut map = memmap2::MmapMut::map_anon(2 * PAGE).unwrap();
    // SAFETY: the second page of this anonymous mapping, which is page
    // aligned (the kernel places mappings on page boundaries), becomes
    // unreadable (PROT_NONE = 0). Nothing below touches it except a
    // faulty scan, and unmapping at the end does not need it readable.
    let rc = unsafe { mprotect(map.as_mut_ptr().add(PAGE).cast(), PAGE, 0) };
    assert_eq!(rc, 0, "mprotect failed");
    let mut next = xorshift(0x2545_F491_4F6C_DD1D);
    for target_bits in 1..=25u32 {
        let (n, bytes) = random_nodes(&mut next, target_bits);
        // The array cut at every length near its end, placed so that
        // its last byte is the last readable one.
        for cut in (bytes.len().saturating_sub(80)..=bytes.len()).rev() {
            let at = PAGE - cut;
            map[at..PAGE].copy_from_slice(&bytes[..cut]);
            let any = Edges::new(&map[at..PAGE], n, 5, target_bits, 26);
            let vector = any.fixed::<Tiles5Avx512>().unwrap();
            let scalar = any.fixed::<Tiles5>().unwrap();
            for first in 0..any.len() as u32 + 2 {
                assert_eq!(
                    vector.select(first, u64::MAX),
                    scalar.select(first, u64::MAX)
                );
            }
        }
    }
}

/// The AVX-512 scan finds what the scalar one finds, for every edge
/// width it takes, on nodes of 1 to over 64 edges (sorted or not), and
/// on buffers that end anywhere inside its 64-byte reads.
#[test]
fn avx512_select_matches_the_scan() {
    if !simd::available() {
        eprintln!("no AVX-512 on this CPU: only the scalar scan runs");
        return;
    }
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
    for target_bits in 1..=25u32 {
        let eb = 5 + 2 + target_bits;
        let (n, bytes) = random_nodes(&mut next, target_bits);
        let full = bytes.len();
        for cut in [full, full - 1, full - 9, full - 40, full - 63, full - 100] {
            let any = Edges::new(&bytes[..cut], n, 5, target_bits, 26);
            let scalar = any.fixed::<Tiles5>().unwrap();
            let vector = any.fixed::<Tiles5Avx512>().unwrap();
            for first in 0..any.len() as u32 {
                for tiles in [
                    u64::MAX,
                    1 << next(32),
                    next(1 << 32),
                    0b1110,
                    1 << 31,
                    !0 << 32,
                ] {
                    assert_eq!(
                        scalar.select(first, tiles),
                        vector.select(first, tiles),
                        "{eb}-bit edges, cut {cut}, node {first}, tiles {tiles:b}"
                    );
                }
            }
            if eb == 32 {
                let scalar = any.fixed::<Aligned5>().unwrap();
                let vector = any.fixed::<Aligned5Avx512>().unwrap();
                for first in 0..any.len() as u32 {
                    let tiles = next(1 << 32);
                    assert_eq!(scalar.select(first, tiles), vector.select(first, tiles));
                }
            }
        }
    }
}
