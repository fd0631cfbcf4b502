//! The anagram index stored in a lexicon file (`compile --anagram-index`,
//! formats 1.2 and 2.1): read in place, it answers as the index built from
//! the edges does, the best-move search uses it from its first search, and
//! a damaged section is refused at open with its offset, or, past the O(1)
//! checks, gives no panic or hang and is caught by `verify`.

use crate::common::{self, fix_checksum, within};
use lexgraph::compile::{self, CompileOptions};
use lexgraph::error::Corruption;
use lexgraph::format::{EdgeLayout, FLAGS_OFFSET, FLAG_ANAGRAMS, FLAG_LIST_ID};
use lexgraph::leave::Gordon;
use lexgraph::{Alphabet, Error, Generator, Invalid, Lexicon, Options, Position, Rules, WordList};

/// Every 40th word of ENABLE (4,300 words): enough for real plays.
fn list() -> WordList {
    let text = std::fs::read_to_string(common::word_list("enable1.txt")).unwrap();
    let words: Vec<&str> = text.lines().step_by(40).collect();
    WordList::parse(
        words.join("\n").as_bytes(),
        "sample",
        &Alphabet::english(),
        Invalid::Refuse,
    )
    .unwrap()
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap())
}

/// The (offset, length) of a file's stored section, from its header.
fn section(file: &[u8]) -> (usize, usize) {
    let lex = Lexicon::from_vec(file.to_vec()).unwrap();
    let (offset, len) = lex.header().anagrams.expect("a stored index");
    (offset as usize, len as usize)
}

/// The typed problem of a file that must not open.
fn problem(bytes: &[u8]) -> Corruption {
    match Lexicon::from_vec(bytes.to_vec()) {
        Err(Error::BadLexicon { problem, .. }) => problem,
        Err(e) => panic!("expected BadLexicon, got {e}"),
        Ok(_) => panic!("a damaged file opened"),
    }
}

const POSITIONS: [&str; 4] = [
    "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0",
    "15/15/15/15/15/15/15/5CARE6/15/15/15/15/15/15/15 ACERST?/ 0/0 0",
    "15/15/15/15/15/15/6DOG6/6E8/6LOTS5/15/15/15/15/15/15 EEIOSTU/ 0/0 0",
    "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 ADEIRST/ 0/0 0",
];

/// The best five plays of each position, and the anchors searched.
fn best(lex: &Lexicon) -> (Vec<Vec<lexgraph::equity::Ranked>>, usize) {
    let a = lex.alphabet();
    let leaves = Gordon::heuristic2(a);
    let mut gen = Generator::new(Rules::default());
    let mut searched = 0;
    let plays = POSITIONS
        .iter()
        .map(|cgp| {
            let p = Position::parse_cgp(cgp, a, 15).unwrap();
            let (plays, stats) = gen.best_with_stats(lex, &p, &leaves, 5, &Options::default());
            searched += stats.searched;
            plays
        })
        .collect();
    (plays, searched)
}

#[test]
fn a_stored_index_is_read_in_place_and_answers_as_a_built_one() {
    let list = list();
    for layout in [EdgeLayout::Masked, EdgeLayout::Packed, EdgeLayout::Aligned] {
        let plain =
            compile::try_compile_with(&list, &CompileOptions::default().edges(layout)).unwrap();
        let opts = CompileOptions::default().edges(layout).anagram_index(true);
        let stored = compile::try_compile_with(&list, &opts).unwrap();
        for (plain, stored) in [(&plain.dawg, &stored.dawg), (&plain.gaddag, &stored.gaddag)] {
            let (p, s) = (
                Lexicon::from_vec(plain.clone()).unwrap(),
                Lexicon::from_vec(stored.clone()).unwrap(),
            );
            assert!(!p.has_stored_anagram_index() && s.has_stored_anagram_index());
            s.verify().unwrap();
            // 1.2, or 2.1 with masked nodes; flags: identifier and index.
            let minor = if layout == EdgeLayout::Masked { 1 } else { 2 };
            assert_eq!(
                (s.header().minor, stored[FLAGS_OFFSET]),
                (minor, FLAG_LIST_ID | FLAG_ANAGRAMS)
            );
            // The same edges, words and identifier.
            let (ho, so) = (
                p.header().edges_offset as usize,
                s.header().edges_offset as usize,
            );
            assert_eq!(plain[ho..], stored[so..]);
            assert_eq!(p.header().list_id, s.header().list_id);
            assert!(p.words().eq(s.words()));
            // Best plays: the same as with the index built, and the stored
            // one used from the first search (no searches counted first):
            // as few anchors searched as with a built index.
            let (with_stored, searched_stored) = best(&s);
            let (without, searched_without) = best(&p);
            p.anagram_index();
            let (with_built, searched_built) = best(&p);
            assert_eq!(with_stored, with_built);
            assert_eq!(with_stored, without);
            assert_eq!(searched_stored, searched_built);
            assert!(
                searched_stored < searched_without,
                "{searched_stored} {searched_without}"
            );
            // Adding the index again gives the same file.
            assert_eq!(&compile::add_anagram_index(stored.clone()).unwrap(), stored);
            assert_eq!(&compile::add_anagram_index(plain.clone()).unwrap(), stored);
        }
    }
}

/// The other file of a pair compiled with the index.
fn stored_of(list: &WordList, layout: EdgeLayout) -> compile::Compiled {
    let opts = CompileOptions::default().edges(layout).anagram_index(true);
    compile::try_compile_with(list, &opts).unwrap()
}

#[test]
fn a_pair_with_stored_indexes_is_a_pair() {
    let c = stored_of(&list(), EdgeLayout::Masked);
    let (d, g) = (
        Lexicon::from_vec(c.dawg).unwrap(),
        Lexicon::from_vec(c.gaddag).unwrap(),
    );
    lexgraph::lexicon::check_pair(&d, &g).unwrap();
}

/// The header of a stored section, and where the flags put it.
#[test]
fn a_damaged_section_header_is_refused_at_open_with_its_offset() {
    let file = stored_of(&list(), EdgeLayout::Masked).gaddag;
    let (at, len) = section(&file);
    let header_offset = |p: Corruption| match p {
        Corruption::Header { offset, what } => (offset, what),
        other => panic!("expected a header problem, got {other:?}"),
    };
    // Each damage: (byte, new value, the offset the error must name).
    let cases: [(usize, u8, usize); 6] = [
        (at, b'X', at),           // magic
        (at + 8, 9, at + 8),      // multisets of up to 9 tiles
        (at + 9, 11, at + 8),     // words of up to 11
        (at + 10, 33, at + 10),   // a table of 2^33 slots
        (at + 11, 1, at + 24),    // the spans table's size no longer fills it
        (at + 24, 0xff, at + 24), // the word count
    ];
    for (byte, value, offset) in cases {
        let mut f = file.clone();
        f[byte] = value;
        fix_checksum(&mut f);
        let (o, what) = header_offset(problem(&f));
        assert_eq!(o, offset as u64, "byte {byte}: {what}");
        assert!(what.contains("anagram index"), "{what}");
    }
    // The offset and length fields right before the section.
    let fields = (at - 23..=at - 16)
        .find(|&i| u64_at(&file, i) == at as u64 && u64_at(&file, i + 8) == len as u64)
        .expect("the offset and length fields");
    for (value, len_value) in [
        (at as u64 + 1, len as u64), // not 8-aligned
        (at as u64 + 8, len as u64), // runs past the alphabet section
        (16, len as u64),            // before the fields themselves
        (at as u64, u64::MAX - 4),   // a length that overflows
    ] {
        let mut f = file.clone();
        f[fields..fields + 8].copy_from_slice(&value.to_le_bytes());
        f[fields + 8..fields + 16].copy_from_slice(&len_value.to_le_bytes());
        fix_checksum(&mut f);
        let (o, what) = header_offset(problem(&f));
        assert_eq!(o, fields as u64, "{value} {len_value}: {what}");
    }
    // The flag without the word-list identifier it follows.
    let mut f = file.clone();
    f[FLAGS_OFFSET] = FLAG_ANAGRAMS;
    let (o, _) = header_offset(problem(&f));
    assert_eq!(o, FLAGS_OFFSET as u64);
    // A reader of 1.1 / 2.0 ignores the bit: the file still opens, without
    // an index (the section is then alphabet bytes it skips).
    let mut f = file.clone();
    f[10..12].copy_from_slice(&0u16.to_le_bytes());
    let lex = Lexicon::from_vec(f).unwrap();
    assert!(!lex.has_stored_anagram_index());
}

/// Bytes changed in place.
type Damage = Box<dyn Fn(&mut Vec<u8>)>;

/// Tables that cannot be right: no free slot (a probe must still end),
/// spans past the words, bits set at random. Opening does not read the
/// tables; queries stay in bounds and end; `verify` names the section.
#[test]
fn damaged_tables_give_no_panic_or_hang_and_fail_verify() {
    let file = stored_of(&list(), EdgeLayout::Masked).gaddag;
    let (at, len) = section(&file);
    let map_slots = 1usize << file[at + 10];
    let spans_slots = 1usize << file[at + 11];
    let map = at + 40;
    let spans = map + 16 * map_slots;
    let damage: Vec<(&str, Damage)> = vec![
        (
            "every map slot taken by a key no multiset has",
            Box::new(move |f: &mut Vec<u8>| {
                for i in 0..map_slots {
                    let s = map + 16 * i;
                    f[s..s + 8].copy_from_slice(&(u64::MAX - i as u64).to_le_bytes());
                }
            }),
        ),
        (
            "every span past the words",
            Box::new(move |f: &mut Vec<u8>| {
                for i in 0..spans_slots {
                    let s = spans + 16 * i + 8;
                    if u64_at(f, s - 8) != 0 {
                        f[s..s + 8].copy_from_slice(&(u64::MAX - 1).to_le_bytes());
                    }
                }
            }),
        ),
        (
            "every map entry's bits all set",
            Box::new(move |f: &mut Vec<u8>| {
                for i in 0..map_slots {
                    let s = map + 16 * i;
                    if u64_at(f, s) != 0 {
                        f[s + 8..s + 16].copy_from_slice(&u64::MAX.to_le_bytes());
                    }
                }
            }),
        ),
        (
            "the words zeroed",
            Box::new(move |f: &mut Vec<u8>| {
                let words = spans + 16 * spans_slots;
                f[words..at + len].fill(0);
            }),
        ),
    ];
    for (what, damage) in damage {
        let mut f = file.clone();
        damage(&mut f);
        fix_checksum(&mut f);
        let lex = Lexicon::from_vec(f).unwrap();
        let err = lex.verify().expect_err(what).to_string();
        assert!(err.contains("anagram index"), "{what}: {err}");
        within(60, what, move || {
            let ix = lex.anagram_index();
            let a = lex.alphabet();
            let t = |s: &str| {
                a.parse_tiles(
                    s,
                    lexgraph::alphabet::Spelling::Word,
                    lexgraph::alphabet::Blanks::Refused,
                )
                .unwrap()
            };
            let _ = (ix.spells(&t("care"), 0), ix.spells(&t("care"), 1));
            let _ = ix.words(lexgraph::anagrams::push_tile(
                lexgraph::anagrams::push_tile(0, 1),
                3,
            ));
            best(&lex);
            crate::common::exercise::exercise(&lex, &[], 2_000);
        });
    }
}

/// Every bit of the section's header flipped, the checksum made right
/// again: the file is refused, or opens and runs every query cleanly.
#[test]
fn every_bit_flip_of_the_section_header_is_refused_or_harmless() {
    let file = stored_of(&list(), EdgeLayout::Masked).gaddag;
    let (at, _) = section(&file);
    let (mut refused, mut opened) = (0, 0);
    for bit in 0..40 * 8 {
        let mut f = file.clone();
        f[at + bit / 8] ^= 1 << (bit % 8);
        fix_checksum(&mut f);
        match Lexicon::from_vec(f) {
            Err(Error::BadLexicon { .. }) => refused += 1,
            Err(e) => panic!("bit {bit}: {e}"),
            Ok(lex) => {
                opened += 1;
                within(60, "a flipped section header", move || {
                    best(&lex);
                    let _ = lex.verify();
                });
            }
        }
    }
    // Magic, sizes and counts are checked; the reserved bytes and the
    // multiset count (informational) are not.
    assert!(refused >= 8 * 16, "{refused} refused, {opened} opened");
}

/// Random damage anywhere in the section of a small file (bytes set at
/// random, the checksum made right again): opening, every query, the
/// best-move search and `verify` return, in bounds; whatever `verify`
/// passes answers the best-move search as the undamaged file does.
#[test]
fn random_damage_to_a_section_is_refused_caught_or_harmless() {
    use rand::{Rng, SeedableRng};
    let list = WordList::parse(
        b"car\ncare\ncars\nscar\nareas\nqi\nza\nrace\nacre\n",
        "small",
        &Alphabet::english(),
        Invalid::Refuse,
    )
    .unwrap();
    let file = stored_of(&list, EdgeLayout::Masked).gaddag;
    let (at, len) = section(&file);
    let expected = best(&Lexicon::from_vec(file.clone()).unwrap()).0;
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let (mut refused, mut caught, mut passed) = (0, 0, 0);
    for _ in 0..3_000 {
        let mut f = file.clone();
        for _ in 0..rng.gen_range(1..4) {
            let i = at + rng.gen_range(0..len);
            f[i] = rng.gen();
        }
        fix_checksum(&mut f);
        let Ok(lex) = Lexicon::from_vec(f) else {
            refused += 1;
            continue;
        };
        let plays = best(&lex).0;
        crate::common::exercise::exercise(&lex, &[], 2_000);
        if lex.verify().is_ok() {
            passed += 1;
            assert_eq!(plays, expected);
        } else {
            caught += 1;
        }
    }
    assert!(
        refused > 0 && caught > 0,
        "{refused} refused, {caught} caught, {passed} passed"
    );
}
