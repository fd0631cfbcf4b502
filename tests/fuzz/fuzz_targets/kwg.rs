//! Any bytes as a KWG file (wolges / MAGPIE / Macondo word graph), read in
//! place with the English alphabet: the format checks (`format::kwg::check`
//! and `verify`) and opening (`Kwg::from_vec`) agree and fail cleanly or
//! succeed; on a file that opens, `Kwg::verify`, word lookups, a bounded
//! word stream, anagrams and patterns of small inputs and move generation
//! must return (no panic, no out-of-bounds read under AddressSanitizer, no
//! overflow, no runaway time or memory), and when `Kwg::verify` passes the
//! DAWG and the GADDAG must list exactly the same moves.
#![no_main]
use lexgraph::position::Position;
use lexgraph::format::kwg as format;
use lexgraph::movegen::{Generator, Options};
use lexgraph::{Alphabet, Kwg, Lexicon, Partial, Rules, Tile};
use libfuzzer_sys::fuzz_target;

#[path = "../../it/common/exercise.rs"]
mod exercise;

/// Small positions whose move lists are small on any lexicon (racks of a
/// few tiles, at most one blank): even a file where every string is a word
/// lists some thousands of moves.
const POSITIONS: [&str; 3] = [
    "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AERST/ 0/0 0",
    "15/15/15/15/15/15/15/5CARE6/15/15/15/15/15/15/15 S?/ 0/0 0",
    "15/15/15/15/15/15/6Q8/6AT7/15/15/15/15/15/15/15 ZIE/ 0/0 0",
];

/// Queries whose answers are bounded by their own size (a rack of n
/// tiles spells at most n! orders of each subset), whatever the file.
fn queries(lex: &Lexicon) -> usize {
    let mut n = 0;
    for w in ["CARE", "QI", "ZA", "A", "AAAAAAA", ""] {
        n += lex.contains(w) as usize;
    }
    n += lex.words().take(300).map(|w| w.len()).sum::<usize>();
    n += lex.words_with_prefix("CA").map_or(0, |w| w.take(100).count());
    n += lex.anagram("CARE?", Partial::No).map_or(0, |v| v.len());
    n += lex.anagram("AEIRST", Partial::Yes).map_or(0, |v| v.len());
    n += lex.pattern("C?T").map_or(0, |v| v.len());
    n += lex.pattern("?A?E").map_or(0, |v| v.len());
    n
}

fuzz_target!(|data: &[u8]| {
    let a = Alphabet::english();
    let max = a.len() as Tile;
    let checked = format::check(data, "fuzz", max);
    let verified = format::verify(data, "fuzz", max);
    if verified.is_ok() {
        assert!(checked.is_ok(), "verify passes where check fails");
    }
    let opened = Kwg::from_vec(data.to_vec(), &a);
    assert_eq!(opened.is_ok(), checked.is_ok(), "Kwg::from_vec and check disagree");
    let Ok(kwg) = opened else {
        return;
    };
    let info = checked.unwrap();
    assert_eq!(kwg.word_count(), info.words);
    assert_eq!(kwg.gaddag().is_some(), info.gaddag_root.is_some());
    // The full check: the structure, and the GADDAG against the DAWG.
    let full = kwg.verify();
    if full.is_ok() {
        assert!(verified.is_ok(), "Kwg::verify passes where format::kwg::verify fails");
    }
    let mut n = kwg.contains("CARE") as usize + kwg.nodes() as usize + kwg.is_big() as usize;
    for lex in [Some(kwg.dawg()), kwg.gaddag()].into_iter().flatten() {
        n += queries(lex);
        // Every other query (shared with the `lexicon` target), each
        // stream or move list read to 300 items.
        n += exercise::exercise(lex, &[a.tokenize("CARE").unwrap()], 300);
    }
    if full.is_ok() {
        // A valid file lists its words in full (up to the 300 asked for).
        let listed = kwg.dawg().words().take(300).count() as u64;
        assert_eq!(listed, kwg.word_count().min(300), "word stream of a valid file");
    }
    for cgp in POSITIONS {
        let p = Position::parse_cgp(cgp, &a, 15).unwrap();
        for opening_both in [false, true] {
            let opts = Options::default().opening_both(opening_both);
            let mut gen = Generator::new(Rules::default());
            let d = gen.generate_vec(kwg.dawg(), &p.board, p.rack(), &opts);
            n += d.len();
            if let Some(g) = kwg.gaddag() {
                let g = gen.generate_vec(g, &p.board, p.rack(), &opts);
                n += g.len();
                if full.is_ok() {
                    assert!(d == g, "DAWG and GADDAG of a valid KWG differ on {cgp}");
                }
            }
        }
    }
    std::hint::black_box(n);
});
