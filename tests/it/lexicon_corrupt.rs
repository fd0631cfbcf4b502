//! Malformed and corrupt lexicon files: every case gives the right typed
//! error, and a file that opens but is corrupt never makes a query panic,
//! hang or read out of bounds.

use crate::common;
use lexgraph::Invalid;

use crate::common::{alphabet_section, fix_checksum, within, RawEdge, RawFile};
use lexgraph::error::Corruption;
use lexgraph::format::EdgeLayout;
use lexgraph::movegen::{Counter, Generator, Options};
use lexgraph::position::Position;
use lexgraph::rules::Rules;
use lexgraph::{compile, Alphabet, Error, Kind, Lexicon, Tile, WordList};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A 200-word sample of ENABLE (every 864th word), compiled with packed
/// edges (a 1.1 file: the masked layout has tests of its own below).
fn sample() -> (WordList, Vec<u8>, Vec<u8>) {
    let text = std::fs::read_to_string(common::word_list("enable1.txt")).unwrap();
    let words: Vec<&str> = text.lines().step_by(864).take(200).collect();
    assert_eq!(words.len(), 200);
    let list = WordList::parse(
        words.join("\n").as_bytes(),
        "sample",
        &Alphabet::english(),
        Invalid::Refuse,
    )
    .unwrap();
    let files = packed(&list);
    (list, files.dawg, files.gaddag)
}

/// A tiny list for exhaustive GADDAG bit flips.
fn tiny() -> (WordList, Vec<u8>, Vec<u8>) {
    let list = WordList::parse(
        b"qi\nqat\ncar\ncare\ncars\nscar\nareas\n",
        "tiny",
        &Alphabet::english(),
        Invalid::Refuse,
    )
    .unwrap();
    let files = packed(&list);
    (list, files.dawg, files.gaddag)
}

/// `list` compiled with packed edges (1.1 files).
fn packed(list: &WordList) -> compile::Compiled {
    let opts = compile::CompileOptions::default().edges(EdgeLayout::Packed);
    compile::try_compile_with(list, &opts).unwrap()
}

/// The typed problem of a file that must not open.
fn problem(bytes: &[u8]) -> Corruption {
    match Lexicon::from_vec(bytes.to_vec()) {
        Err(Error::BadLexicon { origin, problem }) => {
            assert_eq!(origin, "<buffer>");
            problem
        }
        Err(e) => panic!("expected BadLexicon, got {e:?}"),
        Ok(l) => panic!("a malformed file opened: {:?}", l.header()),
    }
}

fn header_offset(bytes: &[u8]) -> (u64, String) {
    match problem(bytes) {
        Corruption::Header { offset, what } => (offset, what),
        p => panic!("expected a header error, got {p:?}"),
    }
}

fn set_u16(b: &mut [u8], at: usize, v: u16) {
    b[at..at + 2].copy_from_slice(&v.to_le_bytes());
}
fn set_u32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}
fn set_u64(b: &mut [u8], at: usize, v: u64) {
    b[at..at + 8].copy_from_slice(&v.to_le_bytes());
}
fn get_u16(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes(b[at..at + 2].try_into().unwrap())
}
fn get_u32(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}
fn get_u64(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap())
}

/// [`exercise::exercise`] with the limits these tests use.
fn exercise(lex: &Lexicon, probes: &[Vec<Tile>]) -> usize {
    common::exercise::exercise(lex, probes, 10_000)
}

#[test]
fn empty_short_and_bad_magic() {
    assert_eq!(problem(b""), Corruption::Truncated { len: 0, needed: 64 });
    assert_eq!(
        problem(b"LEX"),
        Corruption::Truncated { len: 3, needed: 64 }
    );
    assert_eq!(
        problem(b"LEXGRAPH"),
        Corruption::Truncated { len: 8, needed: 64 }
    );
    assert_eq!(problem(b"XYZ"), Corruption::BadMagic);
    assert_eq!(problem(b"LEXGRAPX"), Corruption::BadMagic);
    let (_, dawg, _) = tiny();
    for (i, b) in [(0, b'l'), (7, b'h'), (3, 0)] {
        let mut bad = dawg.clone();
        bad[i] = b;
        assert_eq!(problem(&bad), Corruption::BadMagic);
    }
    assert_eq!(problem(&[0u8; 4096]), Corruption::BadMagic);
    // The same through the file path (an empty file is not mapped).
    let dir = tempfile::TempDir::new().unwrap();
    let path = dir.path().join("empty.dawg");
    std::fs::write(&path, b"").unwrap();
    match Lexicon::open(&path) {
        Err(Error::BadLexicon { origin, problem }) => {
            assert_eq!(origin, path.display().to_string());
            assert_eq!(problem, Corruption::Truncated { len: 0, needed: 64 });
        }
        other => panic!("{other:?}"),
    }
    let path = dir.path().join("text.dawg");
    std::fs::write(&path, "hello, world\n".repeat(10)).unwrap();
    let e = Lexicon::open(&path).unwrap_err().to_string();
    assert!(e.contains("text.dawg") && e.contains("magic"), "{e}");
}

#[test]
fn a_directory_is_not_a_lexicon() {
    let dir = tempfile::tempdir().unwrap();
    match Lexicon::open(dir.path()) {
        Err(lexgraph::Error::Io { path, source }) => {
            assert_eq!(path, dir.path());
            assert_eq!(source.kind(), std::io::ErrorKind::IsADirectory);
        }
        other => panic!("{:?}", other.map(|l| l.kind())),
    }
}

#[test]
fn truncated_files() {
    let (_, dawg, gaddag) = sample();
    for file in [&dawg, &gaddag] {
        let len = file.len() as u64;
        let edges_offset = get_u64(file, 48);
        for cut in [9, 16, 40, 63] {
            assert_eq!(
                problem(&file[..cut]),
                Corruption::Truncated {
                    len: cut as u64,
                    needed: 64
                }
            );
        }
        // Inside the edge array or its padding: the full size is named.
        for cut in [
            edges_offset,
            edges_offset + 1,
            (edges_offset + len) / 2,
            len - 8,
            len - 1,
        ] {
            assert_eq!(
                problem(&file[..cut as usize]),
                Corruption::Truncated {
                    len: cut,
                    needed: len
                },
                "cut at {cut}"
            );
        }
        // Inside the alphabet section: an error, whatever its type.
        for cut in [64, 65, 100, edges_offset - 1] {
            problem(&file[..cut as usize]);
        }
    }
}

/// A file cut inside the alphabet section is truncated too, and should say so.
#[test]

fn truncated_in_alphabet_is_reported_as_truncated() {
    let (_, dawg, _) = sample();
    let len = dawg.len() as u64;
    for cut in [64u64, 100, get_u64(&dawg, 48) - 1] {
        assert_eq!(
            problem(&dawg[..cut as usize]),
            Corruption::Truncated {
                len: cut,
                needed: len
            }
        );
    }
}

#[test]
fn trailing_bytes_are_refused() {
    let (_, dawg, gaddag) = sample();
    for file in [dawg, gaddag] {
        for extra in [1usize, 7, 8, 1000] {
            let mut long = file.clone();
            long.resize(file.len() + extra, 0);
            let (offset, what) = header_offset(&long);
            assert_eq!(offset, 32);
            assert!(
                what.contains(&format!("{extra} bytes after the edge array")),
                "{what}"
            );
        }
    }
}

#[test]
fn versions() {
    let (list, dawg, _) = sample();
    for major in [0u16, 3, 0xffff] {
        let mut f = dawg.clone();
        set_u16(&mut f, 8, major);
        set_u16(&mut f, 10, 3);
        assert_eq!(
            problem(&f),
            Corruption::UnsupportedVersion {
                found: major,
                minor: 3,
                supported: 2
            }
        );
        let msg = Lexicon::from_vec(f).unwrap_err().to_string();
        assert!(msg.contains(&format!("{major}.3")), "{msg}");
    }
    // A higher minor version of the same major opens, and its reserved
    // fields (0 in 1.1 and 1.2, apart from flag bits 0 and 1) are ignored;
    // the checksum does not cover the header. (1.2 gave flag bit 1 its
    // meaning: 0xa5 leaves it clear.)
    let reference = Lexicon::from_vec(dawg.clone()).unwrap();
    assert_eq!(reference.header().minor, 1);
    assert_eq!(reference.list_id(), Some(list.list_id()));
    for minor in [3u16, 7, 0xffff] {
        let mut f = dawg.clone();
        set_u16(&mut f, 10, minor);
        f[15] = 0xa5;
        set_u16(&mut f, 42, 0xbeef);
        let lex = Lexicon::from_vec(f).unwrap();
        assert_eq!(lex.header().minor, minor);
        assert_eq!(lex.list_id(), reference.list_id());
        lex.verify().unwrap();
        assert!(lex.words().eq(reference.words()));
        assert!(list.iter().all(|w| lex.contains_tiles(w)));
    }
    // The same bits in a 1.1 or 1.2 file are refused by verify.
    for minor in [1u16, 2] {
        let mut f = dawg.clone();
        set_u16(&mut f, 10, minor);
        f[15] = 0xa5;
        let lex = Lexicon::from_vec(f).unwrap();
        assert!(matches!(
            lex.verify(),
            Err(Error::BadLexicon {
                problem: Corruption::Header { offset: 15, .. },
                ..
            })
        ));
    }
    // A 1.0 file (no identifier: flags 0, as this writer wrote them before)
    // still opens and verifies; its trailing identifier bytes are ignored.
    let mut f = dawg.clone();
    set_u16(&mut f, 10, 0);
    f[15] = 0;
    let old = Lexicon::from_vec(f).unwrap();
    assert_eq!(old.list_id(), None);
    old.verify().unwrap();
    assert!(old.words().eq(reference.words()));
}

#[test]
fn a_flagged_identifier_past_the_alphabet_section_is_refused_at_open() {
    let (_, dawg, _) = sample();
    // Cut the 8 identifier bytes off the section: the flag now points past it.
    let mut f = dawg.clone();
    let len = get_u32(&f, 44);
    set_u32(&mut f, 44, len - 8);
    match Lexicon::from_vec(f) {
        Err(Error::BadLexicon {
            problem: Corruption::Header { offset: 15, what },
            ..
        }) => assert!(what.contains("word-list identifier"), "{what}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_kind_and_widths() {
    let (_, dawg, gaddag) = sample();
    for kind in [0u8, 3, 0x81, 255] {
        let mut f = dawg.clone();
        f[12] = kind;
        let (offset, what) = header_offset(&f);
        assert_eq!(offset, 12);
        assert!(what.contains(&format!("kind {kind}")), "{what}");
    }
    // Swapping the kind byte gives a well-formed file of the other kind,
    // which verify rejects (a GADDAG read as a DAWG has separator edges).
    let mut f = gaddag.clone();
    f[12] = 1;
    let lex = Lexicon::from_vec(f).unwrap();
    assert_eq!(lex.kind(), Kind::Dawg);
    assert!(matches!(
        lex.verify(),
        Err(Error::BadLexicon {
            problem: Corruption::Edge { .. } | Corruption::Header { .. },
            ..
        })
    ));

    for tile_bits in [0u8, 7, 8, 255] {
        let mut f = dawg.clone();
        f[13] = tile_bits;
        assert_eq!(header_offset(&f).0, 13, "tile_bits {tile_bits}");
    }
    for target_bits in [0u8, 51, 200, 255] {
        let mut f = dawg.clone();
        f[14] = target_bits;
        assert_eq!(header_offset(&f).0, 14, "target_bits {target_bits}");
    }
    // Targets too narrow for the edge count.
    let edges = get_u64(&dawg, 32);
    let mut f = dawg.clone();
    f[14] = common::bits_for(edges - 1) as u8 - 1;
    let (offset, what) = header_offset(&f);
    assert_eq!(offset, 32);
    assert!(what.contains("do not fit"), "{what}");
    for bad_edges in [u32::MAX as u64 + 1, u64::MAX] {
        let mut f = dawg.clone();
        set_u64(&mut f, 32, bad_edges);
        assert_eq!(header_offset(&f).0, 32);
    }
    // Node count impossible for the edge count.
    for nodes in [0u64, edges + 1, u64::MAX] {
        let mut f = dawg.clone();
        set_u64(&mut f, 24, nodes);
        assert_eq!(header_offset(&f).0, 24, "nodes {nodes}");
    }
    // Edge array offset: misaligned, inside the header or alphabet, past the end.
    let alpha_end = 64 + u32::from_le_bytes(dawg[44..48].try_into().unwrap()) as u64;
    for off in [
        get_u64(&dawg, 48) + 4,
        0,
        64,
        alpha_end & !7,
        dawg.len() as u64 + 8,
        !7u64,
    ] {
        let mut f = dawg.clone();
        set_u64(&mut f, 48, off);
        assert_eq!(header_offset(&f).0, 48, "edges_offset {off}");
    }
    // An alphabet length reaching past the edge array offset.
    let mut f = dawg.clone();
    set_u32(&mut f, 44, u32::MAX);
    assert_eq!(header_offset(&f).0, 48);
}

fn english_tiles() -> Vec<(String, u8, u8, u8)> {
    let a = Alphabet::english();
    (0..=26u8)
        .map(|t| {
            let i = a.tile(t);
            (
                if t == 0 { "?".into() } else { i.label.clone() },
                i.score,
                i.count,
                i.vowel as u8,
            )
        })
        .collect()
}

/// A consistent file of one edge (`A`, terminal) with the given alphabet section.
fn with_alphabet(section: Vec<u8>, tiles: usize) -> RawFile {
    let mut f = RawFile::new(1, section, vec![(1, true, true, 0)], tiles);
    f.words = 1;
    f.nodes = 1;
    f.max_word_len = 1;
    f
}

#[test]
fn independent_writer_gives_readable_files() {
    let t = english_tiles();
    let tiles: Vec<(&str, u8, u8, u8)> = t
        .iter()
        .map(|(l, s, c, v)| (l.as_str(), *s, *c, *v))
        .collect();
    let lex =
        Lexicon::from_vec(with_alphabet(alphabet_section("english", &tiles, &[]), 26).encode())
            .unwrap();
    lex.verify().unwrap();
    assert_eq!(lex.words().collect::<Vec<_>>(), ["A"]);
    assert_eq!(lex.alphabet(), &Alphabet::english());
    // Folds and multi-character labels survive.
    let es = Alphabet::builtin("spanish").unwrap();
    let list = WordList::parse(
        "chorro\nniño\ncamión\n".as_bytes(),
        "es",
        &es,
        Invalid::Refuse,
    )
    .unwrap();
    let lex = Lexicon::from_vec(compile::compile(&list).gaddag).unwrap();
    assert_eq!(lex.alphabet(), &es);
    assert!(lex.contains("CAMIÓN") && lex.contains("chorro") && !lex.contains("nino"));
}

#[test]
fn alphabet_section_garbage() {
    let t = english_tiles();
    let tiles: Vec<(&str, u8, u8, u8)> = t
        .iter()
        .map(|(l, s, c, v)| (l.as_str(), *s, *c, *v))
        .collect();
    let expect_alpha_error = |f: &RawFile, why: &str| {
        let (offset, what) = header_offset(&f.encode());
        assert!(what.starts_with("alphabet section"), "{why}: {what}");
        assert!(
            (64..=64 + f.alphabet.len() as u64).contains(&offset),
            "{why}: offset {offset}"
        );
        what
    };
    // Tile count below 2 (blank only) or above 64.
    for count in [0u8, 1, 65, 255] {
        let mut s = alphabet_section("english", &tiles, &[]);
        s[8] = count;
        expect_alpha_error(&with_alphabet(s, 26), &format!("count {count}"));
    }
    // Section shorter than its contents.
    let s = alphabet_section("english", &tiles, &[]);
    for keep in [0, 1, 5, 9, 50, s.len() - 1] {
        let mut f = with_alphabet(s.clone(), 26);
        f.alphabet_len = Some(keep as u32);
        let what = expect_alpha_error(&f, &format!("length {keep}"));
        assert!(what.contains("ends early"), "{what}");
    }
    // Name or label not UTF-8.
    let mut s = alphabet_section("english", &tiles, &[]);
    s[1] = 0xff;
    assert!(expect_alpha_error(&with_alphabet(s, 26), "name").contains("UTF-8"));
    let bad_label = [("?", 0, 2, 0), ("\u{80}", 1, 1, 1), ("B", 1, 1, 0)];
    let mut s = alphabet_section("x", &bad_label, &[]);
    assert_eq!(&s[9..11], &[0xc2, 0x80]);
    s[10] = 0x28; // c2 28 is not UTF-8
    expect_alpha_error(&with_alphabet(s, 2), "label");
    // Labels an alphabet may not have.
    for label in ["", "*", "A B", "[", "?"] {
        let s = alphabet_section(
            "x",
            &[("?", 0, 2, 0), ("A", 1, 1, 1), (label, 1, 1, 0)],
            &[],
        );
        expect_alpha_error(&with_alphabet(s, 2), &format!("label {label:?}"));
    }
    // An empty fold source (multi-character sources such as `L.L` are valid).
    let s = alphabet_section(
        "x",
        &[("?", 0, 2, 0), ("A", 1, 1, 1), ("B", 1, 1, 0)],
        &[("", "A")],
    );
    let what = expect_alpha_error(&with_alphabet(s, 2), "empty fold source");
    assert!(what.contains("fold"), "{what}");
    // More tiles than the tile field can hold: 26 tiles in 4-bit tiles.
    let mut f = with_alphabet(alphabet_section("english", &tiles, &[]), 26);
    f.tile_bits = 4;
    let (offset, what) = header_offset(&f.encode());
    assert_eq!(offset, 13);
    assert!(what.contains("cannot hold 26 tiles"), "{what}");
    // Random garbage in the section never panics.
    let mut rng = StdRng::seed_from_u64(17);
    let good = alphabet_section("english", &tiles, &[("É", "E")]);
    for _ in 0..5000 {
        let mut s = good.clone();
        for _ in 0..rng.gen_range(1..4) {
            let i = rng.gen_range(0..s.len());
            s[i] = rng.gen();
        }
        if rng.gen_bool(0.2) {
            let n = rng.gen_range(0..s.len());
            s.truncate(n);
        }
        if let Ok(lex) = Lexicon::from_vec(with_alphabet(s, 26).encode()) {
            lex.verify().ok();
            exercise(&lex, &[vec![1]]);
        }
    }
}

/// Bytes whose change a 1.0 reader ignores by design: the minor version
/// (a higher minor may use the reserved bytes, which `verify` requires to be
/// 0 in a 1.0 file only).
fn ignored_by_design(byte: usize, flipped: &[u8]) -> bool {
    // Minor 0 makes a 1.0 file, whose flags byte must be 0: caught.
    matches!(byte, 10 | 11) && get_u16(flipped, 10) != 0
}

/// Flips every bit of `file` in turn: each flipped file must fail to open or
/// fail `verify` (except where noted), and queries on it must not panic.
fn flip_every_bit(file: Vec<u8>, probes: Vec<Vec<Tile>>, secs: u64) -> (usize, usize, usize) {
    within(secs, "bit flips", move || {
        let original = Lexicon::from_vec(file.clone()).unwrap();
        original.verify().unwrap();
        let edges_offset = get_u64(&file, 48) as usize;
        let alpha_len = original.header().alphabet_len as u64;
        let (mut refused, mut caught, mut ignored) = (0, 0, 0);
        for bit in 0..file.len() * 8 {
            let byte = bit / 8;
            let mut f = file.clone();
            f[byte] ^= 1 << (bit % 8);
            let ignorable = ignored_by_design(byte, &f);
            let lex = match Lexicon::from_vec(f) {
                Err(Error::BadLexicon { .. }) => {
                    refused += 1;
                    continue;
                }
                Err(e) => panic!("bit {bit}: unexpected error type {e:?}"),
                Ok(lex) => lex,
            };
            exercise(&lex, &probes);
            let verified = lex.verify();
            if ignorable {
                assert!(verified.is_ok(), "bit {bit}: {verified:?}");
                assert!(lex.words().eq(original.words()));
                ignored += 1;
            } else if (44..48).contains(&byte) && verified.is_ok() {
                // A longer alphabet section, still before the edge array:
                // bytes after the folds are ignored (room for minor versions).
                let len = lex.header().alphabet_len as u64;
                assert!(
                    len > alpha_len && 64 + len <= edges_offset as u64,
                    "bit {bit}: length {len}"
                );
                assert!(lex.words().eq(original.words()));
                ignored += 1;
            } else {
                match verified {
                    Err(Error::BadLexicon { problem, .. }) => {
                        if byte >= 64 {
                            assert!(
                                matches!(problem, Corruption::Checksum { .. }),
                                "bit {bit}: {problem:?}"
                            );
                        }
                        caught += 1;
                    }
                    other => {
                        panic!("bit {bit} (byte {byte}): corrupt file passes verify: {other:?}")
                    }
                }
            }
        }
        (refused, caught, ignored)
    })
}

#[test]
fn every_single_bit_flip_of_a_dawg_is_caught() {
    let (list, dawg, _) = sample();
    let probes: Vec<Vec<Tile>> = list.iter().map(<[Tile]>::to_vec).collect();
    let bits = dawg.len() * 8;
    let (refused, caught, ignored) = flip_every_bit(dawg, probes, 240);
    assert_eq!(refused + caught + ignored, bits);
    assert!(
        caught > bits / 2,
        "{refused} refused, {caught} caught by verify, {ignored} ignored"
    );
}

#[test]
fn every_single_bit_flip_of_a_gaddag_is_caught() {
    let (list, _, gaddag) = tiny();
    let probes: Vec<Vec<Tile>> = list.iter().map(<[Tile]>::to_vec).collect();
    let bits = gaddag.len() * 8;
    let (refused, caught, ignored) = flip_every_bit(gaddag, probes, 240);
    assert_eq!(refused + caught + ignored, bits);
    assert!(caught > bits / 2);
}

/// The same for files with 32-bit aligned edges, which move generation reads
/// with its own unchecked loads.
#[test]
fn every_single_bit_flip_of_an_aligned_file_is_caught() {
    let (list, _, _) = tiny();
    let opts = compile::CompileOptions::default().edges(EdgeLayout::Aligned);
    let files = compile::try_compile_with(&list, &opts).unwrap();
    let probes: Vec<Vec<Tile>> = list.iter().map(<[Tile]>::to_vec).collect();
    for file in [files.dawg, files.gaddag] {
        assert_eq!(
            Lexicon::from_vec(file.clone())
                .unwrap()
                .header()
                .edge_bits(),
            32
        );
        let bits = file.len() * 8;
        let (refused, caught, ignored) = flip_every_bit(file, probes.clone(), 240);
        assert_eq!(refused + caught + ignored, bits);
        assert!(caught > bits / 2);
    }
}

/// The same for files with masked nodes, whose reader looks children up by
/// the node's mask: a flipped mask or edge is refused, caught by `verify`,
/// or harmless, and queries on every flipped file stay in bounds.
#[test]
fn every_single_bit_flip_of_a_masked_file_is_caught() {
    let (list, _, _) = tiny();
    let opts = compile::CompileOptions::default().edges(EdgeLayout::Masked);
    let files = compile::try_compile_with(&list, &opts).unwrap();
    let probes: Vec<Vec<Tile>> = list.iter().map(<[Tile]>::to_vec).collect();
    for file in [files.dawg, files.gaddag] {
        let lex = Lexicon::from_vec(file.clone()).unwrap();
        assert!(lex.header().masked());
        assert_eq!((lex.header().major, lex.header().minor), (2, 0));
        let bits = file.len() * 8;
        let (refused, caught, ignored) = flip_every_bit(file, probes.clone(), 240);
        assert_eq!(refused + caught + ignored, bits);
        assert!(caught > bits / 2);
    }
}

/// Flips with the checksum made right again, in masked files: `verify`
/// catches the masks and edges that disagree, and what it passes reads as
/// a consistent word list.
#[test]
fn rechecksummed_flips_of_masked_files_are_caught_or_harmless() {
    let (list, _, _) = sample();
    let probes: Vec<Vec<Tile>> = list.iter().map(<[Tile]>::to_vec).collect();
    let opts = compile::CompileOptions::default().edges(EdgeLayout::Masked);
    let files = compile::try_compile_with(&list, &opts).unwrap();
    for (file, seed) in [(files.dawg, 4), (files.gaddag, 5)] {
        let (caught, passed) = reflip(file, probes.clone(), 1500, seed);
        assert!(
            caught > passed,
            "masked: {caught} caught, {passed} passed verify"
        );
    }
}

/// `verify` should compare the header's node count with the automaton, as it
/// does the word count and longest word: `info` shows that number.
#[test]

fn verify_checks_the_node_count() {
    let (_, dawg, _) = tiny();
    let nodes = get_u64(&dawg, 24);
    let mut f = dawg.clone();
    set_u64(&mut f, 24, nodes + 1);
    let lex = Lexicon::from_vec(f).unwrap();
    assert!(
        lex.verify().is_err(),
        "header says {} nodes, the file has {nodes}",
        nodes + 1
    );
}

/// A 1.1 file's reserved header bytes are 0 and its flags byte 1; the
/// checksum does not cover the header, so `verify` checks them (`open`
/// ignores them, for later minor versions).
#[test]
fn verify_checks_the_reserved_header_bytes() {
    let (_, dawg, _) = tiny();
    for offset in [15usize, 42, 43] {
        let mut f = dawg.clone();
        // Byte 15 is 1 in a 1.1 file (flags: identifier present).
        f[offset] |= 2;
        let lex = Lexicon::from_vec(f).unwrap();
        match lex.verify() {
            Err(Error::BadLexicon {
                problem: Corruption::Header { offset: o, .. },
                ..
            }) => assert_eq!(o, offset as u64),
            other => panic!("byte {offset}: {other:?}"),
        }
    }
}

/// Random flips in the payload with the checksum recomputed, so that only the
/// structural checks can notice. A file that still verifies must behave as
/// verify promises: for a DAWG, words() yields exactly the header's count of
/// strictly ascending words, each accepted by contains.
fn reflip(file: Vec<u8>, probes: Vec<Vec<Tile>>, trials: usize, seed: u64) -> (usize, usize) {
    within(240, "re-checksummed flips", move || {
        let original = Lexicon::from_vec(file.clone()).unwrap();
        let h = original.header().clone();
        let edges_offset = h.edges_offset as usize;
        let used_bits = (h.edges * h.edge_bits() as u64) as usize;
        let mut rng = StdRng::seed_from_u64(seed);
        let (mut caught, mut passed) = (0, 0);
        for trial in 0..trials {
            let mut f = file.clone();
            let mut only_unused = true;
            for _ in 0..rng.gen_range(1..=3) {
                let bit = rng.gen_range(0..(f.len() - edges_offset) * 8);
                only_unused &= bit >= used_bits;
                f[edges_offset + bit / 8] ^= 1 << (bit % 8);
            }
            fix_checksum(&mut f);
            let lex = Lexicon::from_vec(f).expect("the header is intact");
            exercise(&lex, &probes);
            match lex.verify() {
                Err(Error::BadLexicon { problem, .. }) => {
                    assert!(
                        matches!(problem, Corruption::Edge { .. } | Corruption::Header { .. }),
                        "trial {trial}: {problem:?}"
                    );
                    caught += 1;
                }
                Err(e) => panic!("trial {trial}: {e:?}"),
                Ok(()) => {
                    passed += 1;
                    if only_unused {
                        // Padding and spare bits carry nothing.
                        assert!(lex.words().eq(original.words()), "trial {trial}");
                    }
                    if lex.kind() == Kind::Dawg {
                        let a = lex.alphabet();
                        let words: Vec<Vec<Tile>> =
                            lex.words().map(|w| a.tokenize(&w).unwrap()).collect();
                        assert_eq!(words.len() as u64, lex.word_count(), "trial {trial}");
                        assert!(
                            words.windows(2).all(|p| p[0] < p[1]),
                            "trial {trial}: not ascending"
                        );
                        for w in &words {
                            assert!(lex.contains_tiles(w) && w.len() <= h.max_word_len as usize);
                        }
                    }
                }
            }
        }
        (caught, passed)
    })
}

#[test]
fn rechecksummed_flips_are_caught_or_harmless() {
    let (list, dawg, gaddag) = sample();
    let probes: Vec<Vec<Tile>> = list.iter().map(<[Tile]>::to_vec).collect();
    let (caught, passed) = reflip(dawg, probes.clone(), 3000, 1);
    assert!(
        caught > passed,
        "DAWG: {caught} caught, {passed} passed verify"
    );
    let (caught, passed) = reflip(gaddag, probes.clone(), 2000, 2);
    assert!(
        caught > passed,
        "GADDAG: {caught} caught, {passed} passed verify"
    );
    let opts = compile::CompileOptions::default().edges(EdgeLayout::Aligned);
    let aligned = compile::try_compile_with(&list, &opts).unwrap().gaddag;
    let (caught, passed) = reflip(aligned, probes, 1000, 3);
    assert!(
        caught > passed,
        "aligned GADDAG: {caught} caught, {passed} passed verify"
    );
}

/// Crafted edge arrays that violate each layout rule, checksum correct:
/// open succeeds (O(1) checks only), verify names the edge, queries are safe.
#[test]
fn structural_errors_found_by_verify() {
    let t = english_tiles();
    let tiles: Vec<(&str, u8, u8, u8)> = t
        .iter()
        .map(|(l, s, c, v)| (l.as_str(), *s, *c, *v))
        .collect();
    let section = alphabet_section("english", &tiles, &[]);
    let file = |kind: u8, edges: Vec<RawEdge>| {
        let widest = edges
            .iter()
            .map(|e| e.3)
            .max()
            .unwrap_or(0)
            .max(edges.len() as u64 - 1);
        let mut f = RawFile::new(kind, section.clone(), edges, 26);
        f.target_bits = common::bits_for(widest) as u8;
        f.words = 1;
        f.nodes = 1;
        f.max_word_len = 2;
        f.encode()
    };
    let cases: Vec<(&str, u8, Vec<RawEdge>, u64)> = vec![
        (
            "target backwards",
            1,
            vec![(1, false, true, 1), (2, true, true, 0), (3, true, true, 1)],
            2,
        ),
        (
            "target to itself",
            1,
            vec![(1, false, true, 1), (2, true, true, 1)],
            1,
        ),
        (
            "target past the end",
            1,
            vec![(1, false, true, 2), (2, true, true, 0)],
            0,
        ),
        ("tile outside the alphabet", 1, vec![(27, true, true, 0)], 0),
        ("separator in a DAWG", 1, vec![(0, true, true, 0)], 0),
        (
            "siblings out of order",
            1,
            vec![(2, true, false, 0), (1, true, true, 0)],
            0,
        ),
        (
            "siblings repeated",
            1,
            vec![(2, true, false, 0), (2, true, true, 0)],
            0,
        ),
        ("last node not closed", 1, vec![(1, true, false, 0)], 0),
        ("dead end", 1, vec![(1, false, true, 0)], 0),
    ];
    for (why, kind, edges, bad_edge) in cases {
        let lex = Lexicon::from_vec(file(kind, edges)).unwrap_or_else(|e| panic!("{why}: {e}"));
        exercise(&lex, &[vec![1], vec![1, 2], vec![2, 1]]);
        match lex.verify() {
            Err(Error::BadLexicon {
                problem: Corruption::Edge { index, .. },
                ..
            }) => {
                assert_eq!(index, bad_edge, "{why}")
            }
            other => panic!("{why}: {other:?}"),
        }
    }
    // Well-formed edges but header counts that disagree.
    let good = vec![(1, false, true, 1), (2, true, true, 0)];
    let mut f = RawFile::new(1, section.clone(), good.clone(), 26);
    (f.words, f.nodes, f.max_word_len) = (1, 2, 2);
    Lexicon::from_vec(f.encode()).unwrap().verify().unwrap();
    for (words, longest, what) in [
        (2, 2, "2 words"),
        (0, 2, "0 words"),
        (1, 3, "has 3 tiles"),
        (1, 1, "has 1 tiles"),
    ] {
        let mut g = f.clone();
        (g.words, g.max_word_len) = (words, longest);
        match Lexicon::from_vec(g.encode()).unwrap().verify() {
            Err(Error::BadLexicon {
                problem: Corruption::Header { offset, what: w },
                ..
            }) => {
                assert!(w.contains(what), "words {words} longest {longest}: {w}");
                if longest == 2 {
                    assert_eq!(offset, 16, "the word count's offset");
                }
            }
            other => panic!("words {words} longest {longest}: {other:?}"),
        }
    }
}

/// The error for a wrong longest-word length should point at its field.
#[test]

fn longest_word_mismatch_names_its_offset() {
    let (_, dawg, _) = tiny();
    let mut f = dawg.clone();
    set_u16(&mut f, 40, u16::from_le_bytes([dawg[40], dawg[41]]) + 1);
    match Lexicon::from_vec(f).unwrap().verify() {
        Err(Error::BadLexicon {
            problem: Corruption::Header { offset, .. },
            ..
        }) => assert_eq!(offset, 40),
        other => panic!("{other:?}"),
    }
}

/// The move generation in `exercise` really runs: on the intact tiny
/// lexicon it finds moves with both structures.
#[test]
fn exercise_generates_moves() {
    let (_, dawg, gaddag) = tiny();
    for file in [dawg, gaddag] {
        let lex = Lexicon::from_vec(file).unwrap();
        let p = Position::parse_cgp(
            "15/15/15/15/15/15/15/5CARE6/15/15/15/15/15/15/15 ACERST?/ 0/0 0",
            lex.alphabet(),
            15,
        )
        .unwrap();
        let mut count = Counter::default();
        Generator::new(Rules::default()).generate(
            &lex,
            &p.board,
            p.rack(),
            &Options::default(),
            &mut count,
        );
        assert!(count.0 > 0, "{:?}: no moves", lex.kind());
    }
}

/// A DAWG whose `depth` nodes each lead by both `A` and `B` to the next one:
/// 2·depth edges spelling 2^(depth+1) − 2 words, checksum correct, every
/// edge valid on its own. The header claims one word per edge.
fn ladder(depth: u64) -> Vec<u8> {
    let t = english_tiles();
    let tiles: Vec<(&str, u8, u8, u8)> = t
        .iter()
        .map(|(l, s, c, v)| (l.as_str(), *s, *c, *v))
        .collect();
    let mut edges: Vec<RawEdge> = Vec::new();
    for k in 0..depth {
        let next = if k + 1 < depth { 2 * (k + 1) } else { 0 };
        edges.push((1, true, false, next));
        edges.push((2, true, true, next));
    }
    let mut f = RawFile::new(1, alphabet_section("english", &tiles, &[]), edges, 26);
    (f.words, f.nodes, f.max_word_len) = (2 * depth, depth, depth as u16);
    f.encode()
}

/// Walking a file with exponentially many paths stops at the budget a valid
/// file of the header's word count could need, with an error naming the
/// word count, instead of running for years (found by the `lexicon` fuzz
/// target: `pattern` on a mutated file ran past its timeout).
#[test]
fn exponentially_many_paths_stop_every_walk() {
    let bytes = ladder(40);
    let path = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(path.path(), &bytes).unwrap();
    within(60, "walks of a ladder", move || {
        let lex = Lexicon::from_vec(bytes).unwrap();
        let rack = format!("{}{}", "A".repeat(20), "B".repeat(20));
        for (what, r) in [
            ("pattern *", lex.pattern("*")),
            ("pattern *B", lex.pattern("*B")),
            (
                "anagram --partial",
                lex.anagram(&rack, lexgraph::query::Partial::Yes),
            ),
        ] {
            match r {
                Err(Error::BadLexicon {
                    problem:
                        Corruption::Header {
                            offset: 16,
                            what: w,
                        },
                    ..
                }) => assert!(
                    w.contains("80 words") && w.contains("corrupt"),
                    "{what}: {w}"
                ),
                other => panic!("{what}: {other:?}"),
            }
        }
        // A short rack stays within the budget and is answered.
        assert_eq!(
            lex.anagram("AB", lexgraph::query::Partial::No).unwrap(),
            ["AB", "BA"]
        );
        // At most the budget (80 words × 40 tiles + 65), plus the prefix itself.
        for mut words in [lex.words(), lex.words_with_prefix("AB").unwrap()] {
            let n = words.by_ref().count();
            assert!(words.cut_short() && n <= 80 * 40 + 66, "{n} words");
            assert!(matches!(
                words.check(),
                Err(Error::BadLexicon {
                    problem: Corruption::Header { offset: 16, .. },
                    ..
                })
            ));
        }
        assert!(!lex.words_with_prefix("ZZ").unwrap().cut_short());
        // verify counts the words without walking them.
        assert!(matches!(
            lex.verify(),
            Err(Error::BadLexicon {
                problem: Corruption::Header { offset: 16, .. },
                ..
            })
        ));
    });
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lexgraph"))
        .args(["words", path.path().to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(
        err.contains("corrupt") && !err.contains("panicked"),
        "{err}"
    );
}

/// Valid files never reach the budget: every query answers on a real list.
#[test]
fn valid_files_stay_within_the_walk_budget() {
    let (_, dawg, gaddag) = sample();
    for bytes in [dawg, gaddag] {
        let lex = Lexicon::from_vec(bytes).unwrap();
        let mut words = lex.words();
        assert_eq!(words.by_ref().count() as u64, lex.word_count());
        assert!(!words.cut_short());
        words.check().unwrap();
        assert_eq!(lex.pattern("*").unwrap().len() as u64, lex.word_count());
        lex.anagram("AEINRST??", lexgraph::query::Partial::Yes)
            .unwrap();
    }
}

/// Fuzzing findings, kept as files: every query and move generation on
/// them returns (the first: a masked DAWG whose corrupt masks once led the
/// DAWG search to place "letter 0").
#[test]
fn fuzz_findings_are_harmless() {
    let dir = crate::common::root().join("tests/data/fuzz");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let lex = Lexicon::from_vec(std::fs::read(&path).unwrap()).unwrap();
        let _ = lex.verify();
        crate::common::exercise::exercise(&lex, &[], 2_000);
    }
}
