//! KWG files (wolges / MAGPIE / Macondo) read in place (`lexgraph::Kwg`),
//! imported into lexgraph files and exported from them: the same words,
//! the same moves as on lexgraph's own files, and corrupt arrays refused
//! with the node named, never a hang or a panic.

use std::path::Path;

use lexgraph::kwg::{self, KwgLayout, NodeOrder};
use lexgraph::{
    compile, Alphabet, Error, Generator, Kwg, Lexicon, Options, Position, Rules, Tile, WordList,
};
use proptest::prelude::*;

use crate::common::{self, cli};

fn ok(dir: &Path, args: &[&str]) -> String {
    let out = cli::run(dir, args);
    assert!(
        out.status.success(),
        "lexgraph {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn tiles(a: &Alphabet, words: &[&str]) -> Vec<Vec<Tile>> {
    let mut w: Vec<Vec<Tile>> = words.iter().map(|w| a.tokenize(w).unwrap()).collect();
    w.sort();
    w.dedup();
    w
}

/// Every move of each position, sorted, from `lex`.
fn moves(lex: &Lexicon, positions: &[Position]) -> Vec<Vec<lexgraph::Move>> {
    let mut g = Generator::new(Rules::default());
    let opts = Options::default().opening_both(true);
    positions
        .iter()
        .map(|p| g.generate_vec(lex, &p.board, p.rack(), &opts))
        .collect()
}

/// Positions on a small board-filling of `words`: openings, and the first
/// words placed with a few racks.
fn positions(a: &Alphabet) -> Vec<Position> {
    [
        "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ABCDE?/ 0/0 0",
        "15/15/15/15/15/15/15/6BAD6/15/15/15/15/15/15/15 ABCE/ 0/0 0",
        "15/15/15/15/15/15/7A7/6CAB6/7E7/15/15/15/15/15/15 ADE??/ 0/0 0",
        "15/15/15/15/15/15/15/5ACE7/15/15/15/15/15/15/15 DEBA/ 0/0 0",
    ]
    .iter()
    .map(|c| Position::parse_cgp(c, a, 15).unwrap())
    .collect()
}

fn word_sets() -> impl Strategy<Value = Vec<String>> {
    prop::collection::btree_set("[A-E]{1,6}", 1..80).prop_map(|s| s.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A KWG of any word set, in either node order and either arc width,
    /// reads back as its words and generates the moves lexgraph's own
    /// files generate, from its DAWG and its GADDAG.
    #[test]
    fn any_kwg_reads_and_plays_as_the_compiled_files(words in word_sets()) {
        let a = Alphabet::english();
        let refs: Vec<&str> = words.iter().map(|s| s.as_str()).collect();
        let t = tiles(&a, &refs);
        let list = WordList::from_tiles(&a, &t);
        let files = compile::compile(&list);
        let gaddag = Lexicon::from_vec(files.gaddag).unwrap();
        let dawg = Lexicon::from_vec(files.dawg).unwrap();
        let ps = positions(&a);
        let want = moves(&gaddag, &ps);
        prop_assert_eq!(&moves(&dawg, &ps), &want);
        for layout in [NodeOrder::Wolges, NodeOrder::Magpie] {
            for arcs in [KwgLayout::Arcs22, KwgLayout::Arcs24] {
                let bytes = kwg::to_bytes(&kwg::gaddawg_with(&t, layout, arcs).unwrap());
                let k = Kwg::from_vec(bytes, &a).unwrap();
                prop_assert_eq!(k.is_big(), arcs == KwgLayout::Arcs24);
                prop_assert_eq!(&k.word_tiles(), &t);
                prop_assert_eq!(k.word_count(), t.len() as u64);
                let listed: Vec<String> = k.dawg().words().collect();
                prop_assert_eq!(listed, dawg.words().collect::<Vec<_>>());
                prop_assert_eq!(k.gaddag().unwrap().words().collect::<Vec<_>>(), dawg.words().collect::<Vec<_>>());
                for w in &refs {
                    prop_assert!(k.contains(w) && k.gaddag().unwrap().contains(w));
                }
                prop_assert!(!k.contains("EEEEEEE"));
                prop_assert_eq!(&moves(k.gaddag().unwrap(), &ps), &want);
                prop_assert_eq!(&moves(k.dawg(), &ps), &want);
                k.dawg().verify().unwrap();
                // DAWG-only: the same words and moves, no GADDAG.
                let bytes = kwg::to_bytes(&kwg::dawg_with(&t, layout, arcs).unwrap());
                let d = Kwg::from_vec(bytes, &a).unwrap();
                prop_assert!(d.gaddag().is_none());
                prop_assert_eq!(&d.word_tiles(), &t);
                prop_assert_eq!(&moves(d.best(), &ps), &want);
            }
        }
    }
}

/// A small GADDAWG's bytes.
fn small_kwg() -> Vec<u8> {
    let a = Alphabet::english();
    let t = tiles(&a, &["AB", "ABA", "BA", "CAB", "CABS", "SCAB", "ZA", "AZ"]);
    kwg::to_bytes(&kwg::gaddawg(&t, NodeOrder::Wolges).unwrap())
}

/// Opens `bytes` as a KWG: a refusal must be a `BadFile` naming a node or
/// the size; an accepted file must answer queries and generate moves (so
/// no walk loops or reads out of bounds).
fn open_or_refuse(bytes: Vec<u8>) {
    let a = Alphabet::english();
    match Kwg::from_vec(bytes, &a) {
        Err(Error::BadFile { msg, .. }) => {
            assert!(msg.contains("KWG node") || msg.contains("4-byte"), "{msg}");
        }
        Err(e) => panic!("not a BadFile: {e}"),
        Ok(k) => {
            // verify may refuse what opening took, but never panics.
            if let Err(e) = k.verify() {
                assert!(e.to_string().contains("KWG node"), "{e}");
            }
            let _ = k.word_tiles();
            let _ = k.dawg().words().count();
            let _ = k.contains("CABS");
            let ps = positions(&a);
            let _ = moves(k.dawg(), &ps);
            if let Some(g) = k.gaddag() {
                let _ = g.words().count();
                let _ = moves(g, &ps);
            }
        }
    }
}

#[test]
fn every_truncation_and_bit_flip_is_refused_or_safe() {
    let a = Alphabet::english();
    let t = tiles(&a, &["AB", "ABA", "BA", "CAB", "CABS", "SCAB", "ZA", "AZ"]);
    let big = kwg::to_bytes(&kwg::gaddawg_with(&t, NodeOrder::Wolges, KwgLayout::Arcs24).unwrap());
    for good in [small_kwg(), big] {
        for len in 0..good.len() {
            open_or_refuse(good[..len].to_vec());
        }
        for bit in 0..good.len() * 8 {
            let mut b = good.clone();
            b[bit / 8] ^= 1 << (bit % 8);
            open_or_refuse(b);
        }
    }
}

#[test]
fn faults_are_named_by_node() {
    let a = Alphabet::english();
    let l = KwgLayout::Arcs22;
    let p = |t, acc, end, arc| l.pack(t, acc, end, arc);
    let err = |nodes: &[u32]| {
        let b = kwg::to_bytes(nodes);
        Kwg::from_vec(b, &a).unwrap_err().to_string()
    };
    // A cycle: node 2's arc leads back to the list at node 1.
    let e = err(&[
        p(0, false, true, 1),
        p(1, false, true, 2),
        p(2, true, true, 1),
    ]);
    assert!(e.contains("KWG node 2") && e.contains("cycle"), "{e}");
    // An arc out of the array.
    let e = err(&[p(0, false, true, 1), p(1, true, true, 40)]);
    assert!(e.contains("KWG node 1: arc 40"), "{e}");
    // Siblings out of order.
    let e = err(&[
        p(0, false, true, 1),
        p(3, true, false, 0),
        p(2, true, true, 0),
    ]);
    assert!(e.contains("KWG node 2: siblings out of order"), "{e}");
    // A tile the alphabet does not have.
    let e = err(&[p(0, false, true, 1), p(30, true, true, 0)]);
    assert!(e.contains("KWG node 1: tile 30"), "{e}");
    // A long chain, then a loop to its start: no recursion to overflow.
    let mut nodes = vec![p(0, false, true, 1)];
    for i in 1..200_000u32 {
        nodes.push(p(1, false, true, i + 1));
    }
    nodes.push(p(1, true, true, 1));
    let e = err(&nodes);
    assert!(e.contains("cycle"), "{e}");
    // A lexgraph reader told it is a KWG says so.
    let e = Lexicon::from_vec(small_kwg()).unwrap_err().to_string();
    assert!(
        e.contains("a KWG file") && e.contains("lexgraph import"),
        "{e}"
    );
}

#[test]
fn export_then_import_gives_back_the_same_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("w.txt"), "cab\ncabs\nscab\nab\naba\nba\nza\nqi\n").unwrap();
    ok(d, &["compile", "w.txt", "-o", "w"]);
    for (to, big) in [("kwg", false), ("dawg-kwg", false), ("kwg", true)] {
        let mut args = vec!["export", "w.gaddag", "--to", to, "-o", "w.kwg"];
        if big {
            args.push("--big");
        }
        ok(d, &args);
        ok(
            d,
            &["import", "w.kwg", "--alphabet", "english", "-o", "back"],
        );
        for ext in ["dawg", "gaddag"] {
            let a = std::fs::read(d.join(format!("w.{ext}"))).unwrap();
            let b = std::fs::read(d.join(format!("back.{ext}"))).unwrap();
            assert!(a == b, "--to {to} big {big}: {ext} differs");
        }
        // The KWG read in place by the other commands.
        let out = ok(d, &["check", "-l", "w.kwg", "CABS", "QI"]);
        assert!(out.contains("CABS yes") && out.contains("QI yes"), "{out}");
        let words = ok(d, &["words", "w.kwg"]);
        assert_eq!(words.lines().count(), 8);
    }
    // From the DAWG or the GADDAG: the same KWG.
    ok(d, &["export", "w.dawg", "--to", "kwg", "-o", "d.kwg"]);
    ok(d, &["export", "w.gaddag", "--to", "kwg", "-o", "g.kwg"]);
    assert!(std::fs::read(d.join("d.kwg")).unwrap() == std::fs::read(d.join("g.kwg")).unwrap());
}

#[test]
fn a_bad_kwg_is_an_error_naming_the_node_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut b = small_kwg();
    // Node 2's arc field out of the array.
    b[8] = 0xff;
    b[9] = 0xff;
    b[10] |= 0x3f;
    std::fs::write(d.join("bad.kwg"), &b).unwrap();
    let out = cli::run(d, &["import", "bad.kwg", "-o", "x"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains("KWG node 2"), "{err}");
    let out = cli::run(d, &["check", "-l", "bad.kwg", "CAB"]);
    assert_eq!(out.status.code(), Some(3));
    let out = cli::run(d, &["import", "missing.kwg", "-o", "x"]);
    assert_eq!(out.status.code(), Some(3));
}

/// The shipped ENABLE list: a KWG of it generates every move of the 200
/// reference positions exactly as the compiled GADDAG does.
#[test]
fn enable_moves_from_a_kwg_are_the_compiled_files_moves() {
    let a = Alphabet::english();
    let list = WordList::read(
        &common::word_list("enable1.txt"),
        &a,
        lexgraph::Invalid::Refuse,
    )
    .unwrap();
    let t: Vec<Vec<Tile>> = list.iter().map(|w| w.to_vec()).collect();
    let k = Kwg::from_vec(
        kwg::to_bytes(&kwg::gaddawg(&t, NodeOrder::Wolges).unwrap()),
        &a,
    )
    .unwrap();
    let gaddag = Lexicon::from_vec(compile::compile(&list).gaddag).unwrap();
    let text = std::fs::read_to_string(common::positions_file("enable_s1_200.cgp")).unwrap();
    let ps: Vec<Position> = text
        .lines()
        .take(60)
        .map(|l| Position::parse_cgp(l, &a, 15).unwrap())
        .collect();
    let want = moves(&gaddag, &ps);
    assert_eq!(moves(k.gaddag().unwrap(), &ps), want);
    assert_eq!(moves(k.dawg(), &ps), want);
}

fn shared_kwg(name: &str) -> std::path::PathBuf {
    let p = common::shared_dir().join("kwg").join(name);
    assert!(p.is_file(), "{} missing", p.display());
    p
}

#[test]
#[ignore = "needs ../shared/kwg (run by .ci/run)"]
fn importing_the_reference_kwgs_gives_the_compiled_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (kwg, list, size) in [
        ("ENABLE.kwg", "enable1.txt", 3_233_088u64),
        ("SOWPODS.kwg", "sowpods.txt", 4_656_156),
    ] {
        let reference = shared_kwg(kwg);
        let words = common::word_list(list);
        ok(d, &["compile", words.to_str().unwrap(), "-o", "c"]);
        ok(
            d,
            &[
                "import",
                reference.to_str().unwrap(),
                "--alphabet",
                "english",
                "-o",
                "i",
            ],
        );
        for ext in ["dawg", "gaddag"] {
            let a = std::fs::read(d.join(format!("c.{ext}"))).unwrap();
            let b = std::fs::read(d.join(format!("i.{ext}"))).unwrap();
            assert!(
                a == b,
                "{kwg}: imported {ext} differs from compiling {list}"
            );
        }
        // Export: no larger than the reference (in fact the same bytes).
        ok(d, &["export", "c.gaddag", "--to", "kwg", "-o", "e.kwg"]);
        let e = std::fs::read(d.join("e.kwg")).unwrap();
        assert!(e.len() as u64 <= size, "{kwg}: {} B", e.len());
        assert!(
            e == std::fs::read(&reference).unwrap(),
            "{kwg}: not the reference bytes"
        );
        // And the moves of the reference file read in place are the
        // compiled GADDAG's.
        let a = Alphabet::english();
        let k = Kwg::open(&reference, &a).unwrap();
        let g = Lexicon::open(d.join("c.gaddag")).unwrap();
        let text = std::fs::read_to_string(common::positions_file("enable_s1_200.cgp")).unwrap();
        let ps: Vec<Position> = text
            .lines()
            .map(|l| Position::parse_cgp(l, &a, 15).unwrap())
            .collect();
        assert_eq!(moves(k.gaddag().unwrap(), &ps), moves(&g, &ps), "{kwg}");
    }
}

/// `Lexicon::open_any`, what programs that take "a lexicon" call (the CLI,
/// the C and Python bindings): a KWG file in place, as its GADDAG or, when
/// asked, its DAWG; a lexgraph file as itself.
#[test]
fn open_any_reads_kwg_and_lexgraph_files() {
    let dir = tempfile::tempdir().unwrap();
    let a = Alphabet::english();
    let path = dir.path().join("small.kwg");
    std::fs::write(&path, small_kwg()).unwrap();
    let g = Lexicon::open_any(&path, &a, None).unwrap();
    assert!(g.is_kwg());
    assert_eq!(g.kind(), lexgraph::Kind::Gaddag);
    assert!(g.contains("SCAB") && !g.contains("SCA"));
    let d = Lexicon::open_any(&path, &a, Some(lexgraph::Kind::Dawg)).unwrap();
    assert_eq!(d.kind(), lexgraph::Kind::Dawg);
    assert!(d.contains("CABS"));
    let words = WordList::parse(b"ab\nba\n", "t", &a, lexgraph::Invalid::Refuse).unwrap();
    let native = dir.path().join("n.dawg");
    std::fs::write(&native, compile::compile(&words).dawg).unwrap();
    let n = Lexicon::open_any(&native, &a, None).unwrap();
    assert!(!n.is_kwg() && n.contains("BA"));
    // Neither: the lexgraph reader's error.
    std::fs::write(dir.path().join("junk"), b"not a lexicon at all").unwrap();
    assert!(Lexicon::open_any(dir.path().join("junk"), &a, None).is_err());
    // The same from bytes in memory (what a browser page has), errors
    // naming the origin given.
    let g = Lexicon::any_from_vec(small_kwg(), "picked.kwg", &a, None).unwrap();
    assert!(g.is_kwg() && g.kind() == lexgraph::Kind::Gaddag && g.contains("SCAB"));
    let d = Lexicon::any_from_vec(small_kwg(), "picked.kwg", &a, Some(lexgraph::Kind::Dawg));
    assert_eq!(d.unwrap().kind(), lexgraph::Kind::Dawg);
    let n = Lexicon::any_from_vec(compile::compile(&words).gaddag, "n.gaddag", &a, None).unwrap();
    assert!(!n.is_kwg() && n.kind() == lexgraph::Kind::Gaddag && n.contains("AB"));
    let mut cut = small_kwg();
    cut.truncate(cut.len() / 2);
    for (bytes, name) in [(b"junk".to_vec(), "junk.bin"), (cut, "cut.kwg")] {
        let e = Lexicon::any_from_vec(bytes, name, &a, None).unwrap_err();
        assert!(e.to_string().contains(name), "{e}");
    }
}

/// `lexgraph verify` on `bytes` written as `name`: its exit status and
/// what it printed.
fn verify_cli(dir: &Path, name: &str, bytes: &[u8]) -> (Option<i32>, String) {
    std::fs::write(dir.join(name), bytes).unwrap();
    let out = cli::run(dir, &["verify", name]);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code(), text)
}

/// Node `i` of a KWG's bytes, and the same with `f` applied.
fn node(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes(b[4 * i..4 * i + 4].try_into().unwrap())
}

fn with_node(b: &[u8], i: usize, f: impl Fn(u32) -> u32) -> Vec<u8> {
    let mut b = b.to_vec();
    let v = f(node(&b, i));
    b[4 * i..4 * i + 4].copy_from_slice(&v.to_le_bytes());
    b
}

/// verify on KWGs the project's own writer made (`lexgraph export`, all
/// three shapes), then on corrupt copies: each a "not valid" (exit 1)
/// naming the node, never a panic or a hang.
#[test]
fn verify_checks_a_kwg_and_names_the_faulty_node() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("w.txt"), "cab\ncabs\nscab\nab\naba\nba\nza\nqi\n").unwrap();
    ok(d, &["compile", "w.txt", "-o", "w"]);
    for (to, big) in [("kwg", false), ("dawg-kwg", false), ("kwg", true)] {
        let mut args = vec!["export", "w.gaddag", "--to", to, "-o", "e.kwg"];
        if big {
            args.push("--big");
        }
        ok(d, &args);
        let out = ok(d, &["verify", "e.kwg", "--words", "w.txt"]);
        assert!(
            out.contains("OK: KWG structure, 8 words")
                && out.contains("accepts exactly the 8 words"),
            "{out}"
        );
        assert_eq!(out.contains("24-bit arcs"), big, "{out}");
        assert_eq!(out.contains("GADDAWG"), to == "kwg", "{out}");
    }
    let good = small_kwg();
    let l = KwgLayout::Arcs22;
    let n = good.len() / 4;
    let bad = |name: &str, bytes: Vec<u8>, want: &[&str]| {
        let (code, text) = verify_cli(d, name, &bytes);
        assert_eq!(code, Some(1), "{name}: {text}");
        for w in want {
            assert!(text.contains(w), "{name}: wants {w:?}: {text}");
        }
    };
    // Truncated: to a part of a node, and by whole nodes.
    bad(
        "cut.kwg",
        good[..good.len() - 2].to_vec(),
        &["4-byte nodes"],
    );
    bad("short.kwg", good[..good.len() - 8].to_vec(), &["KWG node"]);
    // An arc out of the array (the first list's first node).
    let first = (node(&good, 0) & 0x3f_ffff) as usize;
    bad(
        "arc.kwg",
        with_node(&good, first, |v| v | 0x3f_ffff),
        &[&format!("KWG node {first}: arc 4194303 is outside")],
    );
    // The last list's end bit cleared.
    bad(
        "end.kwg",
        with_node(&good, n - 1, |v| v & !(1 << 22)),
        &[&format!("KWG node {}", n - 1), "does not end"],
    );
    // A cycle: the first list's first arc pointed back at its own list.
    bad(
        "cycle.kwg",
        with_node(&good, first, |v| v & !0x3f_ffff | first as u32),
        &["cycle"],
    );
    // A tile the alphabet does not have.
    bad(
        "tile.kwg",
        with_node(&good, first, |v| v & 0x00ff_ffff | 40 << 24),
        &[&format!("KWG node {first}: tile 40 is outside")],
    );
    // A node no root reaches: opening does not mind, verify does; a zero
    // node (the reference writer's padding) is fine.
    let mut orphan = good.clone();
    orphan.extend(l.pack(1, true, true, 0).to_le_bytes());
    let a = Alphabet::english();
    assert!(Kwg::from_vec(orphan.clone(), &a).is_ok());
    bad(
        "orphan.kwg",
        orphan,
        &[&format!("KWG node {n}: no root reaches it")],
    );
    let mut padded = good.clone();
    padded.extend([0u8; 8]);
    let (code, text) = verify_cli(d, "padded.kwg", &padded);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("2 padding"), "{text}");
    // Not a file: an I/O error (3), not a "no".
    let out = cli::run(d, &["verify", "missing.kwg"]);
    assert_eq!(out.status.code(), Some(3));
}

/// The GADDAG of a GADDAWG must hold exactly the DAWG's words: a path too
/// many or one missing is a fault that opening cannot see.
#[test]
fn verify_checks_the_gaddag_against_the_dawg() {
    let a = Alphabet::english();
    let l = KwgLayout::Arcs22;
    let p = |t, acc, end, arc| l.pack(t, acc, end, arc);
    // AB: the DAWG's A -> {B}; the GADDAG's paths BA and A◇B.
    let good = [
        p(0, false, true, 2),
        p(0, false, true, 4),
        p(1, false, true, 3),
        p(2, true, true, 0),
        p(1, false, false, 6),
        p(2, false, true, 7),
        p(0, false, true, 3),
        p(1, true, true, 0),
    ];
    let verify = |nodes: &[u32]| {
        Kwg::from_vec(kwg::to_bytes(nodes), &a)
            .unwrap()
            .verify()
            .map_err(|e| e.to_string())
    };
    let r = verify(&good).unwrap();
    assert_eq!((r.info.words, r.info.gaddag_paths, r.padding), (1, 2, 0));
    // The GADDAG also accepts B, which splits no word.
    let mut extra = good;
    extra[5] = p(2, true, true, 7);
    let e = verify(&extra).unwrap_err();
    assert!(
        e.contains("KWG node 1") && e.contains("3 accepting paths"),
        "{e}"
    );
    // A◇B gone (its nodes padding): one path short, found from the counts
    // before any word is read.
    let mut missing = good;
    missing[1] = p(0, false, true, 5);
    missing[4] = 0;
    missing[6] = 0;
    let e = verify(&missing).unwrap_err();
    assert!(
        e.contains("1 accepting paths") && e.contains("make 2"),
        "{e}"
    );
    // As many paths as tiles, but B◇A in place of A◇B: no split of AB.
    let swapped = [
        p(0, false, true, 2),
        p(0, false, true, 4),
        p(1, false, true, 3),
        p(2, true, true, 0),
        p(2, false, true, 5),
        p(0, false, false, 7),
        p(1, true, true, 0),
        p(1, true, true, 0),
    ];
    let e = verify(&swapped).unwrap_err();
    assert!(e.contains("no path for AB split after 1"), "{e}");
}

/// The big layout is the reference compiler's (andy-k/kwgc, kwgc.c
/// `kbwgc_write_node`, read back by kbwgdbg.c's `KbwgNode`): byte 0 holds
/// the tile (bits 0..=5), end (bit 6) and accepts (bit 7), bytes 1..=3 the
/// arc. Decoded that way, with nothing of lexgraph's reader, an exported
/// big file lists the lexicon's words.
#[test]
fn big_kwg_is_the_reference_kbwg_layout() {
    let a = Alphabet::english();
    let words = ["AB", "ABA", "BA", "CAB", "CABS", "SCAB", "ZA", "AZ"];
    let t = tiles(&a, &words);
    let b = kwg::to_bytes(&kwg::gaddawg_with(&t, NodeOrder::Wolges, KwgLayout::Arcs24).unwrap());
    let field = |i: usize| {
        let n = &b[4 * i..4 * i + 4];
        let arc = n[1] as usize | (n[2] as usize) << 8 | (n[3] as usize) << 16;
        (n[0] & 0x3f, n[0] >> 6 & 1 == 1, n[0] >> 7 == 1, arc)
    };
    assert_eq!(b[0], 0x40, "node 0: tile 0, end");
    assert_eq!(b[4], 0x40, "node 1: the GADDAG's root node");
    fn dump(
        field: &dyn Fn(usize) -> (u8, bool, bool, usize),
        mut p: usize,
        word: &mut Vec<u8>,
        out: &mut Vec<Vec<u8>>,
    ) {
        loop {
            let (tile, end, accepts, arc) = field(p);
            word.push(tile);
            if accepts {
                out.push(word.clone());
            }
            if arc != 0 {
                dump(field, arc, word, out);
            }
            word.pop();
            if end {
                return;
            }
            p += 1;
        }
    }
    let mut out = Vec::new();
    dump(&field, field(0).3, &mut Vec::new(), &mut out);
    assert_eq!(out, t);
    let k = Kwg::from_vec(b, &a).unwrap();
    assert!(k.is_big());
    k.verify().unwrap();
}

#[test]
#[ignore = "needs ../shared/kwg and ../shared/leaves (run by .ci/run)"]
fn verify_accepts_the_reference_files() {
    let dir = tempfile::tempdir().unwrap();
    for (name, words) in [("ENABLE.kwg", 172_820), ("SOWPODS.kwg", 267_751)] {
        let p = shared_kwg(name);
        let out = ok(dir.path(), &["verify", p.to_str().unwrap()]);
        assert!(
            out.contains(&format!("OK: KWG structure, {words} words"))
                && out.contains("the GADDAG holds every split of every word"),
            "{out}"
        );
    }
    for name in ["CSW21.klv2", "NWL20.klv2"] {
        let p = common::shared_dir().join("leaves").join(name);
        assert!(p.is_file(), "{} missing", p.display());
        let out = ok(dir.path(), &["verify", p.to_str().unwrap()]);
        assert!(out.contains("OK: KLV structure"), "{out}");
    }
}
