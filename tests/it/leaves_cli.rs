//! `lexgraph leaves compile|dump`: KLV2 files from `leave,value` tables
//! and back, byte for byte as the reference tools write them; and the KWG
//! writer against the reference engine's lexicon files.

use std::path::Path;

use lexgraph::klv::Klv;
use lexgraph::kwg::{self, NodeOrder};
use lexgraph::leave::LeaveValue;
use lexgraph::{Alphabet, Rack};

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

/// Fails with exit status 3 and a message containing `want`.
fn fails(dir: &Path, args: &[&str], want: &str) {
    let out = cli::run(dir, args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{args:?}: {err}");
    assert!(err.contains(want), "{args:?}: {err}");
}

const TABLE: &str = "leave,value\n# a few leaves\n?,28.291\nS,9.106\nQ,-7.653\nTSRE,22.71\n\
                     ?S,35.059\nIIII,-34.669\nZ,1e-7\nE,-0\nV,3.4028235e38\n";

#[test]
fn a_table_compiles_to_its_values_and_dumps_back() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("t.csv"), TABLE).unwrap();
    let a = Alphabet::english();
    for layout in ["wolges", "magpie"] {
        ok(
            d,
            &[
                "leaves", "compile", "t.csv", "-o", "t.klv2", "--layout", layout,
            ],
        );
        let k = Klv::open(d.join("t.klv2")).unwrap();
        assert_eq!(k.len(), 9);
        for line in TABLE.lines().skip(2) {
            let (leave, value) = line.split_once(',').unwrap();
            let want: f32 = value.parse().unwrap();
            let got = k.value(Rack::parse(leave, &a).unwrap().counts());
            assert_eq!(got.to_bits(), want.to_bits(), "{leave}");
        }
        // Dumped in the file's order (blank first, tiles ascending), every
        // value exact; compiled again, the same bytes.
        let dump = ok(d, &["leaves", "dump", "t.klv2"]);
        assert_eq!(
            dump,
            format!("# layout: {layout}\n")
                + "?,28.291\n?S,35.059\nE,-0\nERST,22.71\nIIII,-34.669\nQ,-7.653\nS,9.106\n\
             V,340282350000000000000000000000000000000\nZ,0.0000001\n"
        );
        ok(d, &["leaves", "dump", "t.klv2", "-o", "d.csv"]);
        assert_eq!(std::fs::read_to_string(d.join("d.csv")).unwrap(), dump);
        // The dump names its layout: no flag needed to get the bytes back.
        ok(d, &["leaves", "compile", "d.csv", "-o", "again.klv2"]);
        assert_eq!(
            std::fs::read(d.join("again.klv2")).unwrap(),
            std::fs::read(d.join("t.klv2")).unwrap()
        );
    }
    // Another alphabet, chosen as other commands choose it: the Spanish
    // CH tile is written in brackets.
    std::fs::write(d.join("es.csv"), "[CH]?,1.5\nA,2\n").unwrap();
    ok(
        d,
        &[
            "leaves",
            "compile",
            "es.csv",
            "-o",
            "es.klv2",
            "--alphabet",
            "spanish",
        ],
    );
    let dump = ok(d, &["leaves", "dump", "es.klv2", "--alphabet", "spanish"]);
    assert_eq!(dump, "# layout: wolges\n?[CH],1.5\nA,2\n");
}

#[test]
fn bad_tables_and_files_are_named_without_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (text, want) in [
        (
            "A,1\nB;2\n",
            "t.csv:2 (byte offset 4): \"B;2\" is not leave,value",
        ),
        (
            "A,1\nB,x\n",
            "t.csv:2 (byte offset 4): \"x\" is not a number",
        ),
        ("A,1\nB,nan\n", "t.csv:2 "),
        (
            "AB,1\nBA,2\n",
            "t.csv:2 (byte offset 5): the leave \"BA\" is given twice",
        ),
        ("A,1\n1,2\n", "t.csv:2 "),
        (",2\n", "t.csv:1 (byte offset 0): the empty leave"),
    ] {
        std::fs::write(d.join("t.csv"), text).unwrap();
        fails(d, &["leaves", "compile", "t.csv", "-o", "t.klv2"], want);
        assert!(!d.join("t.klv2").exists(), "{text:?}");
    }
    fails(
        d,
        &["leaves", "compile", "missing.csv", "-o", "t.klv2"],
        "missing.csv",
    );
    // A file that is not a KLV, and one whose tiles the alphabet lacks.
    std::fs::write(d.join("bad.klv2"), [1u8, 0, 0]).unwrap();
    fails(
        d,
        &["leaves", "dump", "bad.klv2"],
        "bad.klv2 (byte offset 0)",
    );
    std::fs::write(d.join("t.csv"), "Z,1\n").unwrap();
    ok(d, &["leaves", "compile", "t.csv", "-o", "t.klv2"]);
    std::fs::write(d.join("abc.txt"), "? 0 2 0\nA 1 9 1\nB 3 2 0\nC 3 2 0\n").unwrap();
    fails(
        d,
        &["leaves", "dump", "t.klv2", "--alphabet", "abc.txt"],
        "t.klv2 (byte offset 16): leave 1 has tile 26, which the",
    );
}

/// The acceptance test of the KLV2 writer: the learned leave files of
/// `../shared/leaves`, dumped and compiled again, byte for byte (CSW21 is
/// MAGPIE's layout, NWL20 wolges'); the README's values on the dump.
#[test]
#[ignore = "needs ../shared/leaves (run by .ci/run)"]
fn shared_klv2_files_dump_and_compile_to_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let leaves = common::shared_dir().join("leaves");
    for (name, layout, values) in [
        (
            "CSW21",
            "magpie",
            &[
                ("?", "28.291"),
                ("S", "9.106"),
                ("Q", "-7.653"),
                ("ERST", "22.71"),
                ("IIII", "-34.669"),
                ("?S", "35.059"),
            ][..],
        ),
        (
            "NWL20",
            "wolges",
            &[
                ("?", "24.504597"),
                ("S", "7.5697017"),
                ("Q", "-6.7932935"),
                ("ERST", "19.638552"),
            ][..],
        ),
    ] {
        let original = leaves.join(format!("{name}.klv2"));
        let csv = format!("{name}.csv");
        let out = format!("{name}.klv2");
        ok(
            d,
            &["leaves", "dump", original.to_str().unwrap(), "-o", &csv],
        );
        let text = std::fs::read_to_string(d.join(&csv)).unwrap();
        let dumped: std::collections::HashMap<&str, &str> = text
            .lines()
            .skip(1)
            .map(|l| l.split_once(',').unwrap())
            .collect();
        assert_eq!(dumped.len(), text.lines().count() - 1, "{name}");
        for (leave, value) in values {
            assert_eq!(dumped[leave], *value, "{name} {leave}");
        }
        assert_eq!(text.lines().next(), Some(&*format!("# layout: {layout}")));
        // Dumped, then compiled without a flag: the dump names the layout.
        ok(d, &["leaves", "compile", &csv, "-o", &out]);
        let want = std::fs::read(&original).unwrap();
        let got = std::fs::read(d.join(&out)).unwrap();
        assert_eq!(got.len(), want.len(), "{name}: sizes differ");
        assert!(got == want, "{name}: the compiled file differs");
    }
}

/// The KWG writer against `buildlex english-kwg`'s files: the words read
/// from each file's DAWG, written as a GADDAWG in wolges' layout, give the
/// file back byte for byte.
#[test]
#[ignore = "needs ../shared/kwg (run by .ci/run)"]
fn shared_kwg_files_are_written_byte_for_byte() {
    for name in ["ENABLE.kwg", "SOWPODS.kwg"] {
        let bytes = std::fs::read(common::shared_dir().join("kwg").join(name)).unwrap();
        let nodes: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let words = kwg::words(&nodes, nodes[0] & ((1 << 22) - 1)).unwrap();
        assert!(words.len() > 170_000, "{name}: {} words", words.len());
        let written = kwg::gaddawg(&words, NodeOrder::Wolges).unwrap();
        assert_eq!(written.len(), nodes.len(), "{name}: node counts differ");
        let first = written.iter().zip(&nodes).position(|(a, b)| a != b);
        assert_eq!(first, None, "{name}: first different node");
    }
}

/// `leaves train`: a KLV2 file with every leave the bag allows, the same
/// bytes on one thread and two, that `verify`, `dump` and `match` read; the
/// win table beside it; Upwords too; bad settings refused.
#[test]
fn training_writes_the_same_table_on_any_threads() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let train = |threads: &str, out: &str| {
        ok(
            d,
            &[
                "leaves",
                "train",
                "--games",
                "6,4",
                "--seed",
                "3",
                "--threads",
                threads,
                "-o",
                out,
            ],
        )
    };
    let report = train("1", "one.klv2");
    assert!(report.contains("generation 2: 4 games"), "{report}");
    assert!(report.contains("914624 leaves written"), "{report}");
    train("2", "two.klv2");
    let one = std::fs::read(d.join("one.klv2")).unwrap();
    assert_eq!(one, std::fs::read(d.join("two.klv2")).unwrap());
    let win = std::fs::read_to_string(d.join("one.win.csv")).unwrap();
    assert_eq!(win, std::fs::read_to_string(d.join("two.win.csv")).unwrap());
    assert!(win.starts_with("unseen,spread,turns,wins\n") && win.lines().count() > 50);
    let k = Klv::open(d.join("one.klv2")).unwrap();
    assert_eq!(k.len(), 914_624);
    let a = Alphabet::english();
    let v = |s: &str| k.value(Rack::parse(s, &a).unwrap().counts());
    assert!(v("?").is_finite() && v("QVVWW?").is_finite());
    ok(d, &["verify", "one.klv2"]);
    let dump = ok(d, &["leaves", "dump", "one.klv2"]);
    assert_eq!(dump.lines().count(), 914_625);
    // Its dump compiles back to the same bytes.
    ok(d, &["leaves", "dump", "one.klv2", "-o", "one.csv"]);
    ok(d, &["leaves", "compile", "one.csv", "-o", "back.klv2"]);
    assert_eq!(std::fs::read(d.join("back.klv2")).unwrap(), one);
    let m = ok(
        d,
        &[
            "match",
            "--p1",
            "klv:one.klv2",
            "--p2",
            "greedy",
            "--games",
            "2",
        ],
    );
    assert!(m.contains("2 games"), "{m}");
    // Upwords: its own bag (the QU tile), one-tile exchanges.
    let up = ok(
        d,
        &[
            "leaves",
            "train",
            "--rules",
            "upwords",
            "--games",
            "4",
            "--generations",
            "1",
            "-o",
            "up.klv2",
        ],
    );
    assert!(up.contains("generation 1: 4 games"), "{up}");
    assert!(Klv::open(d.join("up.klv2")).unwrap().len() > 100_000);
    let out = cli::run(d, &["leaves", "train", "--games", "0", "-o", "x.klv2"]);
    assert_eq!(out.status.code(), Some(2));
    let out = cli::run(
        d,
        &[
            "leaves",
            "train",
            "--games",
            "5",
            "--generations",
            "0",
            "-o",
            "x.klv2",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(!d.join("x.klv2").exists());
}

/// `moves` ranks by equity by default, with the leaves `compile` copied
/// beside the lexicon (else Heuristic 2); `--by score` is the raw ranking.
#[test]
fn moves_rank_by_the_lexicons_own_leaves_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("w.txt"), "qi\nqis\nis\nsi\n").unwrap();
    // Leaves that hate the S: the best play spends it.
    std::fs::write(d.join("w.csv"), "leave,value\nS,-30\n").unwrap();
    ok(d, &["leaves", "compile", "w.csv", "-o", "w.klv2"]);
    ok(d, &["compile", "w.txt", "-o", "out/w"]);
    assert_eq!(
        std::fs::read(d.join("out/w.klv2")).unwrap(),
        std::fs::read(d.join("w.klv2")).unwrap()
    );
    let cgp = format!("{} QIS/ 0/0 0", ["15"; 15].join("/"));
    let top = |extra: &[&str]| {
        let mut args = vec!["moves", "-l", "out/w.gaddag", "--cgp", &cgp, "--top", "1"];
        args.extend_from_slice(extra);
        ok(d, &args)
    };
    assert_eq!(top(&[]), "8F QIS 24 24 -\n");
    assert_eq!(top(&["--leaves", "auto"]), top(&[]));
    assert_eq!(top(&["--by", "equity"]), top(&[]));
    assert_eq!(top(&["--by", "score"]), "8F QIS 24\n");
    assert_eq!(top(&["--leaves", "gordon2"]), "8G QI 22 29.5 S\n");
    // Without leaves beside it: Heuristic 2.
    std::fs::remove_file(d.join("out/w.klv2")).unwrap();
    assert_eq!(top(&[]), top(&["--leaves", "gordon2"]));
    // A damaged file beside the lexicon is an error, not ignored.
    std::fs::write(d.join("out/w.klv2"), b"junk").unwrap();
    fails(d, &["moves", "-l", "out/w.gaddag", "--cgp", &cgp], "w.klv2");
    // Leaves rank by equity: refused with --by score.
    let out = cli::run(
        d,
        &[
            "moves",
            "-l",
            "out/w.gaddag",
            "--cgp",
            &cgp,
            "--by",
            "score",
            "--leaves",
            "gordon2",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
}
