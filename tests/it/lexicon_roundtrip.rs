//! Compile real word lists, read the files back, and check that they accept
//! exactly the list: enumeration, membership, GADDAG split paths, header
//! counts, and the mapped reader against the in-memory one.

use crate::common;
use lexgraph::Invalid;

use std::collections::HashSet;
use std::sync::OnceLock;

use lexgraph::compile::{self, Compiled};
use lexgraph::format::EdgeLayout;
use lexgraph::{Alphabet, Dawg, Error, Gaddag, Kind, Lexicon, Tile, WordList};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

struct Case {
    list: WordList,
    dawg: Lexicon,
    gaddag: Lexicon,
    counts: (usize, usize, usize, usize),
}

fn build(name: &str, alphabet: &Alphabet, skip_invalid: bool) -> Case {
    let list = WordList::read(
        &common::word_list(name),
        alphabet,
        Invalid::skip_if(skip_invalid),
    )
    .unwrap_or_else(|e| panic!("{name}: {e}"));
    let Compiled {
        dawg,
        gaddag,
        counts,
        ..
    } = compile::compile(&list);
    let dawg = Lexicon::from_vec(dawg).unwrap();
    let gaddag = Lexicon::from_vec(gaddag).unwrap();
    assert_eq!(dawg.kind(), Kind::Dawg);
    assert_eq!(gaddag.kind(), Kind::Gaddag);
    Case {
        list,
        dawg,
        gaddag,
        counts,
    }
}

fn enable() -> &'static Case {
    static CASE: OnceLock<Case> = OnceLock::new();
    CASE.get_or_init(|| build("enable1.txt", &Alphabet::english(), false))
}

/// The words of an all-ASCII list computed without lexgraph: trimmed,
/// upper-cased, blank lines and comments dropped, sorted, unique.
fn ascii_words(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(common::word_list(name)).unwrap();
    let mut words: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_ascii_uppercase)
        .collect();
    words.sort();
    words.dedup();
    words
}

/// Random tile strings and near misses (one tile changed, added or removed
/// from a real word) that are not words of `list`.
fn non_words(list: &WordList, seed: u64, n: usize) -> Vec<Vec<Tile>> {
    let set: HashSet<&[Tile]> = list.iter().collect();
    let tiles = list.alphabet().len() as Tile;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let len = rng.gen_range(1..=9);
        let w: Vec<Tile> = (0..len).map(|_| rng.gen_range(1..=tiles)).collect();
        if !set.contains(&w[..]) {
            out.push(w);
        }
    }
    while out.len() < 2 * n {
        let mut w = list.word(rng.gen_range(0..list.len())).to_vec();
        let at = rng.gen_range(0..=w.len());
        match rng.gen_range(0..3) {
            0 if at < w.len() => w[at] = rng.gen_range(1..=tiles),
            1 => w.insert(at, rng.gen_range(1..=tiles)),
            _ if at < w.len() && w.len() > 1 => {
                w.remove(at);
            }
            _ => continue,
        }
        if !set.contains(&w[..]) {
            out.push(w);
        }
    }
    out
}

/// Everything the round trip must preserve, for one compiled list.
fn check_case(name: &str, case: &Case, expected: &[String]) {
    let Case {
        list,
        dawg,
        gaddag,
        counts,
    } = case;
    let a = list.alphabet();
    let spelled: Vec<String> = list.iter().map(|w| a.spell(w)).collect();
    assert_eq!(spelled.len(), expected.len(), "{name}: list size");
    assert!(
        spelled == expected,
        "{name}: the parsed list differs from the file's words"
    );

    for lex in [dawg, gaddag] {
        let kind = lex.kind().name();
        lex.verify()
            .unwrap_or_else(|e| panic!("{name} {kind}: verify: {e}"));
        assert_eq!(
            lex.word_count(),
            list.len() as u64,
            "{name} {kind}: header words"
        );
        assert_eq!(
            lex.header().max_word_len as usize,
            list.max_len(),
            "{name} {kind}"
        );
        assert_eq!(lex.alphabet(), a, "{name} {kind}: embedded alphabet");
        // words() writes multi-character tiles in brackets ([CH]ORRO).
        let words: Vec<String> = lex.words().collect();
        assert_eq!(words.len(), expected.len(), "{name} {kind}: words() count");
        if let Some(i) = (0..words.len()).find(|&i| words[i] != a.render(list.word(i))) {
            panic!(
                "{name} {kind}: words()[{i}] = {:?}, expected {:?}",
                words[i], expected[i]
            );
        }
        for w in list.iter() {
            assert!(
                lex.contains_tiles(w),
                "{name} {kind}: {} not accepted",
                a.spell(w)
            );
        }
    }
    let h = (dawg.header(), gaddag.header());
    assert_eq!(
        (h.0.nodes as usize, h.0.edge_count() as usize),
        (counts.0, counts.1),
        "{name}: DAWG counts"
    );
    assert_eq!(
        (h.1.nodes as usize, h.1.edge_count() as usize),
        (counts.2, counts.3),
        "{name}: GADDAG counts"
    );

    // Gordon's path property: every split of every word is a path.
    for w in list.iter() {
        for split in 1..=w.len() {
            assert!(
                gaddag.has_split_path(w, split),
                "{name}: no GADDAG path for {} split {split}",
                a.spell(w)
            );
        }
        assert!(!gaddag.has_split_path(w, 0) && !gaddag.has_split_path(w, w.len() + 1));
        assert!(!dawg.has_split_path(w, 1), "a DAWG has no split paths");
    }

    for w in non_words(list, 0x5eed ^ list.len() as u64, 1000) {
        let s = a.spell(&w);
        assert!(!dawg.contains_tiles(&w), "{name} DAWG accepts non-word {s}");
        assert!(
            !gaddag.contains_tiles(&w),
            "{name} GADDAG accepts non-word {s}"
        );
        for split in 1..=w.len() {
            assert!(
                !gaddag.has_split_path(&w, split),
                "{name}: GADDAG path for non-word {s} split {split}"
            );
        }
    }
}

#[test]
fn enable_round_trip() {
    let case = enable();
    check_case("enable1", case, &ascii_words("enable1.txt"));
    // The counts quoted in formats/lexicon.md.
    assert_eq!(case.counts, (53_602, 122_172, 419_251, 834_583));
}

#[test]
#[ignore = "needs ../shared/lexicons/sowpods.txt (run by .ci/run)"]
fn sowpods_round_trip() {
    let case = build("sowpods.txt", &Alphabet::english(), false);
    check_case("sowpods", &case, &ascii_words("sowpods.txt"));
    assert_eq!(case.counts, (76_955, 184_488, 571_536, 1_203_338));
}

#[test]
fn wordlist_en_round_trip() {
    let case = build("wordlist-en.txt", &Alphabet::english(), false);
    check_case("wordlist-en", &case, &ascii_words("wordlist-en.txt"));
}

#[test]
fn spanish_round_trip() {
    let es = Alphabet::builtin("spanish").unwrap();
    let case = build("spanish.txt", &es, true);
    // Independently: Spanish has no K or W; accents fold, so fold before de-duplicating.
    let text = std::fs::read_to_string(common::word_list("spanish.txt")).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let bad = lines
        .iter()
        .filter(|l| l.contains(['k', 'w', 'K', 'W']))
        .count();
    assert!(bad > 0);
    assert_eq!(case.list.skipped(), bad, "lines skipped for K/W");
    let fold = |s: &str| -> String {
        s.to_uppercase()
            .chars()
            .map(|c| match c {
                'Á' => 'A',
                'É' => 'E',
                'Í' => 'I',
                'Ó' => 'O',
                'Ú' | 'Ü' => 'U',
                c => c,
            })
            .collect()
    };
    let folded: HashSet<String> = lines
        .iter()
        .filter(|l| !l.contains(['k', 'w', 'K', 'W']))
        .map(|l| fold(l))
        .collect();
    assert_eq!(
        case.list.len(),
        folded.len(),
        "distinct folded Spanish words"
    );
    let spelled: Vec<String> = case.list.iter().map(|w| es.spell(w)).collect();
    assert_eq!(spelled.iter().cloned().collect::<HashSet<_>>(), folded);
    // Digraph tiles really are used: CHORRO is four tiles.
    let chorro = common::tiles(&es, "chorro");
    assert_eq!(chorro.len(), 4);
    if folded.contains("CHORRO") {
        assert!(case.dawg.contains_tiles(&chorro) && case.gaddag.contains_tiles(&chorro));
    }
    check_case("spanish", &case, &spelled);
    // words() is in tile order (CH after C), strictly ascending.
    let tiles: Vec<Vec<Tile>> = case
        .dawg
        .words()
        .take(20_000)
        .map(|w| common::tiles(&es, &w))
        .collect();
    assert!(
        tiles.windows(2).all(|p| p[0] < p[1]),
        "Spanish words() not in tile order"
    );
}

#[test]
fn file_sizes_match_the_format_spec() {
    let list = &enable().list;
    let opts = compile::CompileOptions::default().edges(EdgeLayout::Packed);
    let files = compile::try_compile_with(list, &opts).unwrap();
    let dawg = Lexicon::from_vec(files.dawg).unwrap();
    let gaddag = Lexicon::from_vec(files.gaddag).unwrap();
    for (lex, bits, size) in [(&dawg, 24, 366_748), (&gaddag, 27, 2_816_950)] {
        let h = lex.header();
        assert_eq!(h.edge_bits(), bits, "{:?}", h.kind);
        assert_eq!(
            (h.tile_bits, h.target_bits as u32),
            (5, common::bits_for(h.edges - 1))
        );
        let expect = h.edges_offset + (h.edges * bits as u64).div_ceil(8) + 8;
        assert_eq!(lex.bytes().len() as u64, expect);
        assert_eq!(lex.bytes().len(), size, "size quoted in formats/lexicon.md");
        assert_eq!(h.edges_offset % 8, 0);
        assert!(
            h.edges_offset >= 64 + h.alphabet_len as u64
                && h.edges_offset < 64 + h.alphabet_len as u64 + 8
        );
        assert_eq!(h.checksum, xxhash_rust::xxh3::xxh3_64(&lex.bytes()[64..]));
    }
    // Masked nodes, the default for 26 tiles: 4 bytes a slot, a slot per
    // edge and per node.
    let case = enable();
    for (lex, size) in [(&case.dawg, 703_328), (&case.gaddag, 5_015_568)] {
        let h = lex.header();
        assert!(h.masked() && h.edge_bits() == 32);
        assert_eq!(h.edges, h.edge_count() + h.nodes);
        assert_eq!(lex.bytes().len() as u64, h.edges_offset + 4 * h.edges + 8);
        assert_eq!(lex.bytes().len(), size, "size quoted in formats/lexicon.md");
    }
}

/// The worked example of formats/lexicon.md, byte for byte, and the same
/// file written by the independent encoder of tests/common.
#[test]
fn worked_example_matches_spec() {
    let a = Alphabet::english();
    let list = WordList::parse(b"car\ncare\ncars\n", "t", &a, Invalid::Refuse).unwrap();
    let packed = compile::CompileOptions::default().edges(EdgeLayout::Packed);
    let dawg = compile::try_compile_with(&list, &packed).unwrap().dawg;
    let mut alpha = vec![("?", 0u8, 2u8, 0u8)];
    let labels: Vec<String> = (1..=26u8).map(|t| a.tile(t).label.clone()).collect();
    for (t, l) in labels.iter().enumerate() {
        let info = a.tile(t as u8 + 1);
        alpha.push((l.as_str(), info.score, info.count, info.vowel as u8));
    }
    let (c, a_, r, e, s) = (3, 1, 18, 5, 19);
    // 1.1: the word-list identifier follows the folds, computed as the spec
    // says: xxh3 of the alphabet text, ff, each word's tiles and a 00.
    let mut id_input = a.to_text().into_bytes();
    id_input.push(0xff);
    for w in [&[c, a_, r][..], &[c, a_, r, e], &[c, a_, r, s]] {
        id_input.extend(w.iter().map(|&t| t as u8));
        id_input.push(0);
    }
    let list_id = xxhash_rust::xxh3::xxh3_64(&id_input);
    assert_eq!(
        list_id, 0xc599_8eb7_7d63_63a4,
        "list_id quoted in formats/lexicon.md"
    );
    assert_eq!(list_id, list.list_id());
    let mut section = common::alphabet_section("english", &alpha, &[]);
    section.extend_from_slice(&list_id.to_le_bytes());
    let mut raw = common::RawFile::new(
        1,
        section,
        vec![
            (c, false, true, 1),
            (a_, false, true, 2),
            (r, true, true, 3),
            (e, true, false, 0),
            (s, true, true, 0),
        ],
        26,
    );
    raw.words = 3;
    raw.nodes = 4;
    raw.max_word_len = 4;
    raw.minor = 1;
    raw.reserved15 = 1;
    assert_eq!(common::RawFile::encode(&raw), dawg);
    assert_eq!(dawg.len(), 239);
    assert_eq!(
        &dawg[0xe0..0xe7],
        &[0xc3, 0x04, 0x25, 0x5f, 0x09, 0x73, 0x00]
    );
    assert_eq!(&dawg[0xe7..], &[0u8; 8]);
    assert_eq!(
        &dawg[56..64],
        &[0xc3, 0x3b, 0x49, 0x51, 0x54, 0x36, 0x0e, 0xf9]
    );
    let gaddag = compile::try_compile_with(&list, &packed).unwrap().gaddag;
    assert_eq!(
        gaddag.len(),
        259,
        "GADDAG size quoted in formats/lexicon.md"
    );
    // The same DAWG with masked nodes (2.0), as *Masked nodes* gives it:
    // the header differs in the version, target_bits, edges and checksum.
    let masked = compile::compile(&list).dawg;
    assert_eq!(masked.len(), 268);
    assert_eq!(&masked[8..12], &[2, 0, 0, 0]);
    assert_eq!((masked[13], masked[14]), (5, 25));
    assert_eq!(&masked[32..40], &[9, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(&masked[64..0xe0], &dawg[64..0xe0]);
    let slots: Vec<u32> = masked[0xe0..0xe0 + 36]
        .chunks(4)
        .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    assert_eq!(
        slots,
        [0x08, 0x143, 0x02, 0x241, 0x4_0000, 0x372, 0x8_0020, 0x25, 0x73]
    );
    assert_eq!(&masked[0xe0 + 36..], &[0u8; 8]);
    let m = Lexicon::from_vec(masked).unwrap();
    m.verify().unwrap();
    assert_eq!(m.words().collect::<Vec<_>>(), ["CAR", "CARE", "CARS"]);
    assert_eq!(compile::compile(&list).gaddag.len(), 356);
    let lex = Lexicon::from_vec(dawg).unwrap();
    assert_eq!(lex.list_id(), Some(list_id));
    lex.verify().unwrap();
    assert_eq!(lex.words().collect::<Vec<_>>(), ["CAR", "CARE", "CARS"]);
}

#[test]
fn queries_agree_with_brute_force() {
    let case = enable();
    let a = case.list.alphabet();
    let words: Vec<String> = case.list.iter().map(|w| a.spell(w)).collect();
    for lex in [&case.dawg, &case.gaddag] {
        let kind = lex.kind().name();
        let re: Vec<String> = lex.words_with_prefix("re").unwrap().collect();
        let expect: Vec<&String> = words.iter().filter(|w| w.starts_with("RE")).collect();
        assert_eq!(re.iter().collect::<Vec<_>>(), expect, "{kind}: prefix RE");
        let pat = lex.pattern("C?T*").unwrap();
        let expect: Vec<&String> = words
            .iter()
            .filter(|w| w.len() >= 3 && w.starts_with('C') && w.as_bytes()[2] == b'T')
            .collect();
        assert_eq!(
            pat.iter().collect::<Vec<_>>(),
            expect,
            "{kind}: pattern C?T*"
        );
        for (rack, partial) in [
            ("AEINRST?", false),
            ("AEINRST?", true),
            ("QUIZ", true),
            ("??", false),
        ] {
            let mode = match partial {
                true => lexgraph::query::Partial::Yes,
                false => lexgraph::query::Partial::No,
            };
            let got = lex.anagram(rack, mode).unwrap();
            let up: Vec<String> = got.iter().map(|w| w.to_uppercase()).collect();
            let expect: Vec<&String> = words
                .iter()
                .filter(|w| (partial || w.len() == rack.len()) && makeable(w, rack))
                .collect();
            assert_eq!(
                up.iter().collect::<Vec<_>>(),
                expect,
                "{kind}: anagram {rack} partial={partial}"
            );
            // Blank letters are lower case; a blank is used only when the rack lacks the letter.
            for w in &got {
                let blanks = w.chars().filter(char::is_ascii_lowercase).count();
                assert!(blanks <= rack.matches('?').count(), "{w}");
                assert!(makeable_exact(w, rack), "{kind}: {w} from {rack}");
            }
        }
    }
}

/// Whether `word` can be made from `rack` (`?` = blank).
fn makeable(word: &str, rack: &str) -> bool {
    let mut counts = [0i32; 27];
    for c in rack.bytes() {
        counts[if c == b'?' { 26 } else { (c - b'A') as usize }] += 1;
    }
    for c in word.bytes() {
        let i = (c - b'A') as usize;
        if counts[i] > 0 {
            counts[i] -= 1;
        } else if counts[26] > 0 {
            counts[26] -= 1;
        } else {
            return false;
        }
    }
    true
}

/// Whether upper-case letters of `word` come from the rack's letters and
/// lower-case ones from its blanks, with no blank standing for a letter left on the rack.
fn makeable_exact(word: &str, rack: &str) -> bool {
    let mut counts = [0i32; 27];
    for c in rack.bytes() {
        counts[if c == b'?' { 26 } else { (c - b'A') as usize }] += 1;
    }
    for c in word.bytes() {
        let i = if c.is_ascii_lowercase() {
            26
        } else {
            (c - b'A') as usize
        };
        counts[i] -= 1;
    }
    let blank_letters = word
        .bytes()
        .filter(u8::is_ascii_lowercase)
        .map(|c| (c - b'a') as usize);
    counts.iter().all(|&n| n >= 0) && blank_letters.clone().all(|i| counts[i] == 0)
}

#[test]
fn mapped_files_answer_like_buffers() {
    let case = enable();
    let dir = tempfile::TempDir::new().unwrap();
    let dpath = dir.path().join("enable.dawg");
    let gpath = dir.path().join("enable.gaddag");
    std::fs::write(&dpath, case.dawg.bytes()).unwrap();
    std::fs::write(&gpath, case.gaddag.bytes()).unwrap();
    let probes = non_words(&case.list, 7, 500);
    for (path, mem) in [(&dpath, &case.dawg), (&gpath, &case.gaddag)] {
        let mapped = Lexicon::open(path).unwrap();
        assert_eq!(mapped.origin(), path.display().to_string());
        assert_eq!(mapped.bytes(), mem.bytes());
        assert_eq!(mapped.header(), mem.header());
        mapped.verify().unwrap();
        assert!(
            mapped.words().eq(mem.words()),
            "{}: words differ",
            path.display()
        );
        for w in case
            .list
            .iter()
            .step_by(13)
            .chain(probes.iter().map(|w| &w[..]))
        {
            assert_eq!(mapped.contains_tiles(w), mem.contains_tiles(w));
            for split in 1..=w.len() {
                assert_eq!(
                    mapped.has_split_path(w, split),
                    mem.has_split_path(w, split)
                );
            }
        }
        assert_eq!(
            mapped
                .anagram("RETAINS?", lexgraph::query::Partial::No)
                .unwrap(),
            mem.anagram("RETAINS?", lexgraph::query::Partial::No)
                .unwrap()
        );
        assert_eq!(
            mapped.pattern("*QU*Z*").unwrap(),
            mem.pattern("*QU*Z*").unwrap()
        );
    }
    // The typed wrappers check the kind.
    assert!(Dawg::open(&dpath).unwrap().contains("zymurgy"));
    assert!(Gaddag::open(&gpath).unwrap().contains("zymurgy"));
    match Dawg::open(&gpath) {
        Err(Error::WrongKind {
            origin,
            found,
            expected,
        }) => {
            assert_eq!((found, expected), (Kind::Gaddag, Kind::Dawg));
            assert_eq!(origin, gpath.display().to_string());
        }
        other => panic!("Dawg::open of a GADDAG: {other:?}"),
    }
    match Gaddag::open(&dpath) {
        Err(Error::WrongKind {
            found, expected, ..
        }) => assert_eq!((found, expected), (Kind::Dawg, Kind::Gaddag)),
        other => panic!("Gaddag::open of a DAWG: {other:?}"),
    }
    assert!(matches!(
        Dawg::from_vec(case.gaddag.bytes().to_vec()),
        Err(Error::WrongKind { .. })
    ));
    let missing = dir.path().join("missing.dawg");
    match Lexicon::open(&missing) {
        Err(Error::Io { path, .. }) => assert_eq!(path, missing),
        other => panic!("open of a missing file: {other:?}"),
    }
}

#[test]
fn empty_and_one_word_lists() {
    let a = Alphabet::english();
    let empty = WordList::parse(b"\n# nothing\n", "t", &a, Invalid::Refuse).unwrap();
    assert!(empty.is_empty());
    let files = compile::compile(&empty);
    for bytes in [files.dawg, files.gaddag] {
        let lex = Lexicon::from_vec(bytes).unwrap();
        lex.verify().unwrap();
        assert_eq!(
            (lex.word_count(), lex.header().edges, lex.header().nodes),
            (0, 0, 0)
        );
        assert_eq!(lex.words().count(), 0);
        assert!(!lex.contains("A") && !lex.contains(""));
        assert!(lex
            .anagram("AB?", lexgraph::query::Partial::Yes)
            .unwrap()
            .is_empty());
        assert!(lex.pattern("*").unwrap().is_empty());
    }
    let one = WordList::parse(b"q\n", "t", &a, Invalid::Refuse).unwrap();
    let files = compile::compile(&one);
    let (d, g) = (
        Lexicon::from_vec(files.dawg).unwrap(),
        Lexicon::from_vec(files.gaddag).unwrap(),
    );
    for lex in [&d, &g] {
        lex.verify().unwrap();
        assert_eq!(lex.words().collect::<Vec<_>>(), ["Q"]);
        assert!(lex.contains("q") && !lex.contains("qq"));
    }
    assert!(g.has_split_path(&[17], 1));
    assert_eq!((d.header().edge_count(), g.header().edge_count()), (1, 1));
}

/// `max_word_len` is a u16: a longer word must be refused as too large, not
/// written with a saturated length that `verify` then rejects and `words()`
/// uses to cut the enumeration short.
#[test]

fn word_longer_than_the_length_field() {
    let en = Alphabet::english();
    let long = vec![1 as Tile; 70_000];
    let list = WordList::from_tiles(&en, [long.clone(), vec![2]]);
    // The DAWG alone: a GADDAG of one 70,000-tile word has 70,000 prefixes.
    let built = lexgraph::builder::Builder::build_dawg(&list);
    match lexgraph::format::write(
        &built.dawg(),
        &built.info(Kind::Dawg, &list),
        lexgraph::format::EdgeLayout::Packed,
    ) {
        Err(Error::TooLarge(_)) => {}
        Err(e) => panic!("{e}"),
        Ok(bytes) => {
            let lex = Lexicon::from_vec(bytes).unwrap();
            assert!(lex.contains_tiles(&long));
            lex.verify().unwrap();
            assert_eq!(lex.words().count(), 2);
        }
    }
}

/// The GADDAG is built in ranges on several threads and merged in range
/// order: the files must not depend on the number of threads.
#[test]
fn output_does_not_depend_on_thread_count() {
    let list = &enable().list;
    let reference = compile::compile(list);
    for threads in [1, 3] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let other = pool.install(|| compile::compile(list));
        assert!(
            other.dawg == reference.dawg,
            "DAWG differs with {threads} threads"
        );
        assert!(
            other.gaddag == reference.gaddag,
            "GADDAG differs with {threads} threads"
        );
    }
}

/// Programs may compile several lists at once on rayon's pool; the GADDAG
/// build's helpers must not wait on each other then.
#[test]
fn parallel_compiles_in_one_pool_finish() {
    let list = &enable().list;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let outputs: Vec<_> = pool.install(|| {
        use rayon::prelude::*;
        (0..4)
            .into_par_iter()
            .map(|_| compile::compile(list))
            .collect()
    });
    for o in &outputs {
        assert!(o.gaddag == outputs[0].gaddag && o.dawg == outputs[0].dawg);
    }
}
