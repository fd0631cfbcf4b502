//! Any bytes as a KLV2 or KLV leave file: opening (`Klv::from_vec`) fails
//! cleanly or succeeds; on a file that opens, `verify`, the leaves in the
//! file's order (the first 10,000), value lookups (`LeaveValue::value` and
//! `sub_leave_values`) and a best-move search with the file as leave
//! values must return (no panic, no out-of-bounds read, no overflow, no
//! runaway time or memory), and every value listed is a finite number.
//! When `verify` passes, a leave listed is valued at its listed value, the
//! one-walk `sub_leave_values` agrees with valuing each leave alone, bit
//! for bit, and the search's plays come best first, with an equity that is
//! a number.
#![no_main]
use std::sync::OnceLock;

use lexgraph::position::Position;
use lexgraph::rack::Rack;
use lexgraph::klv::Klv;
use lexgraph::leave::{each_sub_leave, LeaveValue};
use lexgraph::movegen::{Generator, Options};
use lexgraph::{compile, Alphabet, Invalid, Lexicon, Rules, Tile, WordList};
use libfuzzer_sys::fuzz_target;

/// A small English GADDAG to search with.
fn lexicon() -> &'static Lexicon {
    static L: OnceLock<Lexicon> = OnceLock::new();
    L.get_or_init(|| {
        let w = WordList::parse(
            b"aa\nab\nare\nat\nate\ncar\ncare\ncares\ncars\ncat\ncats\near\neat\neats\n\
              qi\nquire\nquires\nrate\nrates\nsat\nscar\nscare\nstare\nta\ntea\ntears\nza\n",
            "small",
            &Alphabet::english(),
            Invalid::Refuse,
        );
        Lexicon::from_vec(compile::compile(&w.unwrap()).gaddag).unwrap()
    })
}

/// Racks to value: full and partial, blanks, duplicates, nine kinds of
/// tile (more leave codes than the one-walk search keeps on its stack).
const RACKS: [&str; 7] = ["AEINRST", "??", "EEE", "Q", "ABCDEFGHI", "AEINRS?", ""];

/// Leaves valued with a rack's digits, `out` sized as the trait asks.
fn sub_leaves(klv: &Klv, counts: &[u8; 64], verified: bool) -> usize {
    let size: usize = counts.iter().map(|&c| c as usize + 1).product();
    let mut walked = vec![f32::NAN; size];
    klv.sub_leave_values(counts, &mut walked);
    if verified {
        let mut each = vec![f32::NAN; size];
        each_sub_leave(klv, counts, &mut each);
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&walked), bits(&each), "sub_leave_values and value disagree");
    }
    size
}

fuzz_target!(|data: &[u8]| {
    let Ok(klv) = Klv::from_vec(data.to_vec(), "fuzz") else {
        return;
    };
    let a = Alphabet::english();
    let mut n = klv.len() + klv.is_empty() as usize;
    n += klv.has_empty_second_root() as usize + klv.is_klv2() as usize;
    // Tiles of the English alphabet, and of any alphabet (up to 63).
    let verified = klv.verify(a.len() as Tile).is_ok();
    let _ = klv.verify(63);
    n += klv.value_offset(klv.len()) as usize;

    let leaves: Vec<(Vec<u8>, f32)> = klv.leaves().take(10_000).collect();
    if verified {
        assert_eq!(leaves.len(), klv.len().min(10_000), "leaves of a valid file");
    }
    // Opening refuses a value that is no number (NaN, infinities): it
    // would rank first or last whatever the play.
    if let Some((tiles, v)) = leaves.iter().find(|(_, v)| !v.is_finite()) {
        panic!("a file that opens values leave {tiles:?} at {v}");
    }
    for (tiles, v) in leaves.iter().take(200) {
        let mut counts = [0u8; 64];
        for &t in tiles.iter().take(64) {
            counts[t as usize & 63] = counts[t as usize & 63].saturating_add(1);
        }
        let got = klv.value(&counts);
        // A leave is looked up by its tiles in order: a valid file lists
        // each leave's tiles ascending, and a leave of 64 tiles at most.
        let ascending = tiles.windows(2).all(|w| w[0] <= w[1]);
        if verified && ascending && tiles.len() <= 64 {
            assert_eq!(got.to_bits(), v.to_bits(), "value of leave {tiles:?}");
        }
        if tiles.len() <= 9 {
            n += sub_leaves(&klv, &counts, verified);
        }
    }
    for r in RACKS {
        let rack = Rack::parse(r, &a).unwrap();
        n += klv.value(rack.counts()).is_nan() as usize;
        n += sub_leaves(&klv, rack.counts(), verified);
    }

    // The best plays by equity with the file's values.
    let lex = lexicon();
    for cgp in [
        "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEIRST?/ 0/0 0",
        "15/15/15/15/15/15/15/5CARE6/15/15/15/15/15/15/15 QUIRES/ 0/0 0",
    ] {
        let p = Position::parse_cgp(cgp, lex.alphabet(), 15).unwrap();
        let mut gen = Generator::new(Rules::default());
        let best = gen.best(lex, &p, &klv, 5, &Options::default());
        assert!(!best.is_empty() && best.len() <= 5, "{} plays", best.len());
        if verified {
            for w in best.windows(2) {
                assert!(w[0].rank_cmp(&w[1]).is_le(), "plays out of order");
            }
            for r in &best {
                assert!(!r.equity.is_nan(), "a play of NaN equity: {r:?}");
            }
        }
        n += best.len();
    }
    std::hint::black_box(n);
});
