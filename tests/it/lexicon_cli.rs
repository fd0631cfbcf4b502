//! The `lexgraph` command line, run as a separate process in a temporary
//! directory: compile, info, verify, check, words, anagram, pattern, and
//! clean failures on bad input.

use crate::common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Output, Stdio};

use lexgraph::Lexicon;
use tempfile::TempDir;

use crate::common::cli::{cmd, run};

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}
fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

/// Names in `dir`, sorted (compile leaves no lock file behind).
fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn path_str(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A temp dir holding ENABLE compiled as `x.dawg` / `x.gaddag`.
struct Fixture {
    dir: TempDir,
    words: Vec<String>,
}

impl Fixture {
    fn new() -> Fixture {
        let dir = TempDir::new().unwrap();
        let list = common::word_list("enable1.txt");
        let out = run(dir.path(), &["compile", path_str(&list), "-o", "x"]);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = std::fs::read_to_string(&list).unwrap();
        let mut words: Vec<String> = text
            .lines()
            .map(|l| l.trim().to_ascii_uppercase())
            .filter(|l| !l.is_empty())
            .collect();
        words.sort();
        words.dedup();
        Fixture { dir, words }
    }
    fn path(&self) -> &Path {
        self.dir.path()
    }
    fn run(&self, args: &[&str]) -> Output {
        run(self.path(), args)
    }
}

#[test]
fn compile_writes_both_files_and_a_one_line_summary() {
    let dir = TempDir::new().unwrap();
    let list = common::word_list("enable1.txt");
    let out = run(
        dir.path(),
        &[
            "compile",
            path_str(&list),
            "-o",
            path_str(&dir.path().join("x")),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        listing(dir.path()),
        ["x.dawg", "x.gaddag", "x.klv2"],
        "no temporary files left; the list's leaves copied beside"
    );
    assert!(out.stdout.is_empty());
    let err = stderr(&out);
    assert_eq!(err.trim_end().lines().count(), 1, "one summary line: {err}");
    assert!(
        err.starts_with("compiled 172820 words (0 duplicates, 0 skipped) of "),
        "{err}"
    );
    let dawg = Lexicon::open(dir.path().join("x.dawg")).unwrap();
    let gaddag = Lexicon::open(dir.path().join("x.gaddag")).unwrap();
    for (lex, nodes, edges) in [(&dawg, 53_602, 122_172), (&gaddag, 419_251, 834_583)] {
        lex.verify().unwrap();
        assert_eq!(lex.word_count(), 172_820);
        let h = lex.header();
        assert_eq!((h.nodes, h.edge_count()), (nodes, edges));
        let part = format!("{} B ({nodes} nodes, {edges} edges)", lex.bytes().len());
        assert!(err.contains(&part), "summary lacks {part:?}: {err}");
    }
    assert!(err.contains("x.klv2 (914624 leaves)"), "{err}");
    // --only writes one lexicon file (the list's leaves still travel with
    // it); a missing output directory is created.
    let out = run(
        dir.path(),
        &[
            "compile",
            path_str(&list),
            "-o",
            "sub/dir/y",
            "--only",
            "gaddag",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(listing(&dir.path().join("sub/dir")), ["y.gaddag", "y.klv2"]);
    assert_eq!(
        std::fs::read(dir.path().join("sub/dir/y.gaddag")).unwrap(),
        gaddag.bytes()
    );
    // A directory as the output (existing, or new with a trailing slash):
    // the files are named after the word list, not `.dawg` / `.gaddag`.
    for (out_arg, dir_name) in [("sub/dir", "sub/dir"), ("new/", "new")] {
        let out = run(
            dir.path(),
            &["compile", path_str(&list), "-o", out_arg, "--only", "dawg"],
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let names = listing(&dir.path().join(dir_name));
        assert!(names.contains(&"enable1.dawg".to_string()), "{names:?}");
        assert!(!names.iter().any(|n| n.starts_with('.')), "{names:?}");
        assert_eq!(
            std::fs::read(dir.path().join(dir_name).join("enable1.dawg")).unwrap(),
            dawg.bytes()
        );
    }
}

#[test]
fn compile_with_another_alphabet() {
    let dir = TempDir::new().unwrap();
    let p = dir.path();
    std::fs::write(p.join("es.txt"), "chorro\nniño\ncamión\ncasa\nllama\n").unwrap();
    let out = run(
        p,
        &["compile", "es.txt", "-o", "es", "--alphabet", "spanish"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    // Tile order: CH after C, LL after L, Ñ after N.
    // Multi-character tiles are printed in brackets, so they read back.
    let out = run(p, &["words", "es.dawg"]);
    assert_eq!(stdout(&out), "CAMION\nCASA\n[CH]O[RR]O\n[LL]AMA\nNIÑO\n");
    let out = run(p, &["info", "es.gaddag"]);
    assert!(
        stdout(&out).contains("alphabet:    spanish (28 tiles"),
        "{}",
        stdout(&out)
    );
    let out = run(p, &["check", "-l", "es.gaddag", "CAMIÓN", "niño", "nino"]);
    assert_eq!(
        (stdout(&out).as_str(), out.status.code()),
        ("CAMIÓN yes\nniño yes\nnino no\n", Some(1))
    );
    // The English alphabet refuses the same list, naming the line.
    let out = run(p, &["compile", "es.txt", "-o", "en"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("es.txt:2"), "{}", stderr(&out));
    // An alphabet file by path.
    std::fs::write(p.join("ab.txt"), "? 0 2 0\nA 1 1 1\nB 2 1 0\n").unwrap();
    std::fs::write(p.join("ab-words.txt"), "ab\nba\naab\n").unwrap();
    let out = run(
        p,
        &[
            "compile",
            "ab-words.txt",
            "-o",
            "ab",
            "--alphabet",
            "ab.txt",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&run(p, &["words", "ab.gaddag"])), "AAB\nAB\nBA\n");
    let out = run(
        p,
        &[
            "compile",
            "ab-words.txt",
            "-o",
            "zz",
            "--alphabet",
            "klingon",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown alphabet \"klingon\""),
        "{}",
        stderr(&out)
    );
    assert!(!p.join("zz.dawg").exists());
}

#[test]
fn compile_writes_both_files_or_neither() {
    let dir = TempDir::new().unwrap();
    let p = dir.path();
    std::fs::write(p.join("words.txt"), "good\nfine\n").unwrap();
    // `-o NAME.dawg` names the pair, extension and all.
    let out = run(p, &["compile", "words.txt", "-o", "x.dawg"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(listing(p), ["words.txt", "x.dawg", "x.gaddag"]);
    // When the GADDAG cannot be written, the DAWG is not written either.
    std::fs::create_dir(p.join("y.gaddag")).unwrap();
    let out = run(p, &["compile", "words.txt", "-o", "y"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("y.gaddag"), "{}", stderr(&out));
    assert_eq!(listing(p), ["words.txt", "x.dawg", "x.gaddag", "y.gaddag"]);
}

#[test]
fn bad_word_list_fails_and_leaves_nothing() {
    let dir = TempDir::new().unwrap();
    let p = dir.path();
    std::fs::write(p.join("words.txt"), "good\nb4d\nfine\n").unwrap();
    let out = run(p, &["compile", "words.txt", "-o", "x"]);
    assert_eq!(out.status.code(), Some(3));
    let err = stderr(&out);
    assert!(
        err.contains("words.txt:2") && err.contains("b4d") && err.contains("--skip-invalid"),
        "{err}"
    );
    assert_eq!(listing(p), ["words.txt"], "no output or temporary files");
    // An empty list is refused too.
    std::fs::write(p.join("empty.txt"), "# nothing\n\n").unwrap();
    let out = run(p, &["compile", "empty.txt", "-o", "x"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("no words"), "{}", stderr(&out));
    // A missing word list names the file.
    let out = run(p, &["compile", "missing.txt", "-o", "x"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("missing.txt"), "{}", stderr(&out));
    assert_eq!(listing(p), ["empty.txt", "words.txt"]);
    // Skipping succeeds and says how many were left out.
    let out = run(p, &["compile", "words.txt", "-o", "x", "--skip-invalid"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("compiled 2 words (0 duplicates, 1 skipped)"),
        "{}",
        stderr(&out)
    );
    // A failed compile leaves earlier outputs untouched.
    let before = std::fs::read(p.join("x.dawg")).unwrap();
    let out = run(p, &["compile", "words.txt", "-o", "x"]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(std::fs::read(p.join("x.dawg")).unwrap(), before);
    assert_eq!(listing(p), ["empty.txt", "words.txt", "x.dawg", "x.gaddag"]);
    // The shared Spanish list has K and W words: refused, then skipped.
    let es = common::word_list("spanish.txt");
    let out = run(
        p,
        &[
            "compile",
            path_str(&es),
            "-o",
            "es",
            "--alphabet",
            "spanish",
        ],
    );
    assert_eq!(out.status.code(), Some(3));
    let err = stderr(&out);
    assert!(
        err.contains(&format!("{}:", es.display())) && err.contains("40 invalid"),
        "{err}"
    );
    assert!(!p.join("es.dawg").exists());
    let out = run(
        p,
        &[
            "compile",
            path_str(&es),
            "-o",
            "es",
            "--alphabet",
            "spanish",
            "--skip-invalid",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("40 skipped"), "{}", stderr(&out));
}

#[test]
fn info_and_verify() {
    let f = Fixture::new();
    for file in ["x.dawg", "x.gaddag"] {
        let lex = Lexicon::open(f.path().join(file)).unwrap();
        let h = lex.header();
        let out = f.run(&["info", file]);
        assert!(out.status.success());
        let text = stdout(&out);
        for line in [
            format!("kind:        {}", h.kind.name()),
            "alphabet:    english (26 tiles: A B C".to_string(),
            format!("words:       {}", f.words.len()),
            format!("nodes:       {}", h.nodes),
            format!(
                "edges:       {} ({} bits each",
                h.edge_count(),
                h.edge_bits()
            ),
            format!("bytes:       {}", lex.bytes().len()),
            format!("checksum:    {:016x}", h.checksum),
        ] {
            assert!(text.contains(&line), "info {file} lacks {line:?}:\n{text}");
        }
        let out = f.run(&["verify", file]);
        assert!(out.status.success(), "{}", stderr(&out));
        let sibling = if file == "x.dawg" {
            "x.gaddag"
        } else {
            "x.dawg"
        };
        assert_eq!(
            stdout(&out),
            format!(
                "{file}: OK: checksum and structure, {} words, same word list as {sibling}\n",
                f.words.len()
            )
        );
        let list = common::word_list("enable1.txt");
        let out = f.run(&["verify", file, "--words", path_str(&list)]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).contains(&format!("accepts exactly the {} words", f.words.len())));
        // The list may come on standard input.
        let out = cmd(f.path(), &["verify", file, "--words", "-"])
            .stdin(std::fs::File::open(&list).unwrap())
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).contains("words of stdin"), "{}", stdout(&out));
        // A different list does not match.
        let other = common::word_list("wordlist-en.txt");
        let out = f.run(&["verify", file, "--words", path_str(&other)]);
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains("does not match"), "{}", stderr(&out));
    }
    // Corrupt copies: a flipped payload bit, then the same with the checksum
    // repaired and an edge made to point backwards.
    let bytes = std::fs::read(f.path().join("x.dawg")).unwrap();
    let mut bad = bytes.clone();
    let mid = bad.len() / 2;
    bad[mid] ^= 0x10;
    std::fs::write(f.path().join("bad.dawg"), &bad).unwrap();
    let out = f.run(&["verify", "bad.dawg"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("bad.dawg: checksum mismatch"),
        "{}",
        stderr(&out)
    );
    let lex = Lexicon::open(f.path().join("x.dawg")).unwrap();
    let h = lex.header();
    let mut bad = bytes.clone();
    // Edge 1's target field := 1 (itself).
    let bit = h.edge_bits() as usize + h.tile_bits as usize + 2;
    let off = h.edges_offset as usize;
    for b in 0..h.target_bits as usize {
        let at = bit + b;
        let mask = 1u8 << (at % 8);
        if b == 0 {
            bad[off + at / 8] |= mask;
        } else {
            bad[off + at / 8] &= !mask;
        }
    }
    common::fix_checksum(&mut bad);
    std::fs::write(f.path().join("bad2.dawg"), &bad).unwrap();
    let out = f.run(&["verify", "bad2.dawg"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("bad edge 1 at byte offset"),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("does not point forward"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn check_words() {
    let f = Fixture::new();
    let out = f.run(&["check", "-l", "x.dawg", "QAT", "ZAX", "XYZZY"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "QAT yes\nZAX yes\nXYZZY no\n");
    let out = f.run(&["check", "-l", "x.gaddag", "qat", "Zax"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "qat yes\nZax yes\n");
    let out = f.run(&["check", "--lexicon", "x.dawg", "XYZZY"]);
    assert_eq!(
        (out.status.code(), stdout(&out).as_str()),
        (Some(1), "XYZZY no\n")
    );
    // Words the alphabet cannot spell are simply not words.
    let out = f.run(&["check", "-l", "x.dawg", "QAT", "Q1", ""]);
    assert_eq!(
        (out.status.code(), stdout(&out).as_str()),
        (Some(1), "QAT yes\nQ1 no\n no\n")
    );
    // An operand written as a lexicon file is a usage error, not a word.
    let out = f.run(&["check", "missing.dawg", "QAT"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("missing.dawg looks like a lexicon file"),
        "{}",
        stderr(&out)
    );
    // No words at all is a usage error.
    let out = f.run(&["check", "--lexicon", "x.dawg"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("required"), "{}", stderr(&out));
}

/// `check FILE` alone: operands are words, and one written as a lexicon
/// file is refused before any lexicon is opened.
#[test]
fn check_with_only_a_lexicon_file() {
    let dir = TempDir::new().unwrap();
    let p = dir.path();
    std::fs::write(p.join("w.txt"), "qi\n").unwrap();
    assert!(run(p, &["compile", "w.txt", "-o", "x"]).status.success());
    let out = run(p, &["check", "x.dawg"]);
    assert_eq!(out.status.code(), Some(2), "stdout: {}", stdout(&out));
    assert!(
        stderr(&out).contains("give it with -l/--lexicon"),
        "{}",
        stderr(&out)
    );
    assert!(
        !p.join("cache").exists(),
        "the default lexicon was compiled"
    );
}

#[test]
fn default_lexicon_is_compiled_into_the_cache() {
    let dir = TempDir::new().unwrap();
    let out = run(dir.path(), &["check", "QI", "ZA", "XYZZY"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(stdout(&out), "QI yes\nZA yes\nXYZZY no\n");
    let cache: Vec<String> = listing(&dir.path().join("cache"));
    assert_eq!(cache.len(), 2, "{cache:?}");
    assert!(
        cache[0].starts_with("wordlist-en-") && cache[0].ends_with(".dawg"),
        "{cache:?}"
    );
    assert!(cache[1].ends_with(".gaddag"), "{cache:?}");
    // Second use reads the cache; info defaults to it as well.
    let out = run(dir.path(), &["check", "QI"]);
    assert_eq!(
        (out.status.code(), stdout(&out).as_str()),
        (Some(0), "QI yes\n")
    );
    let out = run(dir.path(), &["info"]);
    assert!(out.status.success());
    assert!(
        stdout(&out).contains("kind:        GADDAG"),
        "{}",
        stdout(&out)
    );
    assert_eq!(listing(&dir.path().join("cache")), cache);
}

#[test]
fn default_lexicon_without_a_writable_cache_is_compiled_in_memory() {
    let dir = TempDir::new().unwrap();
    // The cache path is a file, so no directory can be made there.
    std::fs::write(dir.path().join("cache"), "").unwrap();
    let out = run(dir.path(), &["check", "QI", "XYZZY"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(stdout(&out), "QI yes\nXYZZY no\n");
    assert!(
        stderr(&out).contains("compiled in memory"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn words_with_prefix() {
    let f = Fixture::new();
    let expect: Vec<&str> = f
        .words
        .iter()
        .filter(|w| w.starts_with("RE"))
        .map(String::as_str)
        .collect();
    assert!(expect.len() > 1000);
    for file in ["x.dawg", "x.gaddag"] {
        let out = f.run(&["words", file, "--prefix", "RE"]);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        let got: Vec<&str> = text.lines().collect();
        assert!(got.windows(2).all(|p| p[0] < p[1]), "{file}: not sorted");
        assert!(got.iter().all(|w| w.starts_with("RE")));
        assert_eq!(got, expect, "{file}");
    }
    let out = f.run(&["words", "x.dawg", "--prefix", "qa"]);
    let qa: Vec<&str> = f
        .words
        .iter()
        .filter(|w| w.starts_with("QA"))
        .map(String::as_str)
        .collect();
    assert_eq!(stdout(&out).lines().collect::<Vec<_>>(), qa);
    assert_eq!(&qa[..3], ["QAID", "QAIDS", "QANAT"]);
    let out = f.run(&["words", "x.dawg", "--prefix", "XYZZ"]);
    assert!(out.status.success() && out.stdout.is_empty());
    // All words; a reader that stops early is not an error.
    let out = f.run(&["words", "x.gaddag"]);
    assert_eq!(stdout(&out).lines().count(), f.words.len());
    let mut child = cmd(f.path(), &["words", "x.gaddag"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let first: Vec<String> = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .take(5)
        .map(Result::unwrap)
        .collect();
    assert_eq!(first, f.words[..5]);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "closed pipe: {:?} {}",
        out.status,
        stderr(&out)
    );
}

fn makeable(word: &str, rack: &str) -> bool {
    let mut letters: Vec<char> = rack.chars().filter(|&c| c != '?').collect();
    let mut blanks = rack.len() - letters.len();
    for c in word.chars() {
        if let Some(i) = letters.iter().position(|&l| l == c) {
            letters.swap_remove(i);
        } else if blanks > 0 {
            blanks -= 1;
        } else {
            return false;
        }
    }
    true
}

#[test]
fn anagram_and_pattern() {
    let f = Fixture::new();
    let rack = "AEINRST?";
    for file in ["x.dawg", "x.gaddag"] {
        for partial in [false, true] {
            // In the lexicon's order, as the list is (the default is
            // longest, then most probable first).
            let mut args = vec!["anagram", "-l", file, rack, "--by", "alpha"];
            if partial {
                args.push("--partial");
            }
            let out = f.run(&args);
            assert!(out.status.success(), "{}", stderr(&out));
            let text = stdout(&out);
            let got: Vec<String> = text.lines().map(str::to_uppercase).collect();
            let expect: Vec<&String> = f
                .words
                .iter()
                .filter(|w| (partial || w.len() == 8) && makeable(w, rack))
                .collect();
            assert_eq!(got.iter().collect::<Vec<_>>(), expect, "{args:?}");
            // One blank: at most one lower-case letter per word.
            assert!(text
                .lines()
                .all(|w| w.chars().filter(char::is_ascii_lowercase).count() <= 1));
        }
        let out = f.run(&["pattern", "-l", file, "C?T*"]);
        assert!(out.status.success(), "{}", stderr(&out));
        let expect: Vec<&str> = f
            .words
            .iter()
            .filter(|w| w.len() >= 3 && w.starts_with('C') && &w[2..3] == "T")
            .map(String::as_str)
            .collect();
        assert_eq!(stdout(&out).lines().collect::<Vec<_>>(), expect, "{file}");
    }
    let out = f.run(&["anagram", "-l", "x.dawg", "QAT"]);
    assert_eq!(stdout(&out), "QAT\n");
    let out = f.run(&["pattern", "-l", "x.dawg", "Q1*"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("'1'"), "{}", stderr(&out));
}

#[test]
fn truncated_or_foreign_file_is_a_clear_error() {
    let dir = TempDir::new().unwrap();
    let p = dir.path();
    std::fs::write(p.join("w.txt"), "care\ncar\ncars\nqi\n").unwrap();
    assert!(run(p, &["compile", "w.txt", "-o", "x"]).status.success());
    let full = std::fs::read(p.join("x.dawg")).unwrap();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("t1.dawg", full[..full.len() - 3].to_vec(), "file truncated"),
        ("t2.dawg", full[..40].to_vec(), "file truncated"),
        ("t3.dawg", Vec::new(), "file truncated"),
        ("t4.dawg", b"hello\n".repeat(20), "bad magic"),
    ];
    for (name, bytes, want) in cases {
        std::fs::write(p.join(name), &bytes).unwrap();
        for args in [
            vec!["info", name],
            vec!["verify", name],
            vec!["check", "-l", name, "QI"],
            vec!["words", name],
            vec!["anagram", "-l", name, "QI"],
            vec!["pattern", "-l", name, "Q*"],
        ] {
            let out = run(p, &args);
            // verify's "no" is 1; the others cannot read the file (3).
            let status = if args[0] == "verify" { 1 } else { 3 };
            assert_eq!(out.status.code(), Some(status), "{args:?}");
            let err = stderr(&out);
            assert!(
                err.starts_with(&format!("error: {name}: ")) && err.contains(want),
                "{args:?}: {err}"
            );
            assert!(out.stdout.is_empty(), "{args:?}");
        }
    }
    // A directory or missing path given as the lexicon.
    let out = run(p, &["info", "nope.dawg"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("nope.dawg"), "{}", stderr(&out));
}

#[test]
fn usage_errors() {
    let dir = TempDir::new().unwrap();
    for args in [
        vec![],
        vec!["compile"],
        vec!["compile", "w.txt"],
        vec!["frobnicate"],
        vec!["compile", "w.txt", "-o", "x", "--only", "trie"],
    ] {
        let out = run(dir.path(), &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!stderr(&out).is_empty());
    }
    let out = run(dir.path(), &["--help"]);
    assert!(out.status.success());
    for sub in [
        "compile", "info", "verify", "check", "words", "anagram", "pattern",
    ] {
        assert!(stdout(&out).contains(sub), "--help lacks {sub}");
    }
    assert!(listing(dir.path()).is_empty());
}

#[test]
fn a_missing_file_is_named_once_with_its_reason_once() {
    let dir = TempDir::new().unwrap();
    for args in [
        vec!["info", "missing.gaddag"],
        vec!["compile", "missing.txt", "-o", "x"],
    ] {
        let out = run(dir.path(), &args);
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.matches("missing.").count(), 1, "{args:?}: {err}");
        assert_eq!(err.matches("(os error 2)").count(), 1, "{args:?}: {err}");
    }
}

/// `compile --anagram-index`: both files carry the index (info says so, in
/// text and JSON), verify passes, and `moves --top 1` prints what the plain
/// files print.
#[test]
fn compile_with_a_stored_anagram_index() {
    let f = Fixture::new();
    let list = common::word_list("enable1.txt");
    let out = f.run(&["compile", path_str(&list), "-o", "ix", "--anagram-index"]);
    assert!(out.status.success(), "{}", stderr(&out));
    for (file, plain) in [("ix.dawg", "x.dawg"), ("ix.gaddag", "x.gaddag")] {
        let lex = Lexicon::open(f.path().join(file)).unwrap();
        assert!(lex.has_stored_anagram_index());
        let text = stdout(&f.run(&["info", file]));
        assert!(text.contains("anagrams:    stored, "), "{text}");
        assert!(!stdout(&f.run(&["info", plain])).contains("anagrams:"));
        let json = stdout(&f.run(&["info", file, "--format", "json"]));
        let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
        assert_eq!(v["anagram_index_bytes"], lex.header().anagrams.unwrap().1);
        let out = f.run(&["verify", file]);
        assert!(out.status.success(), "{}", stderr(&out));
        let cgp = "15/15/15/15/15/15/15/5CARE6/15/15/15/15/15/15/15 ACERST?/ 0/0 0";
        let moves = |lexicon: &str| {
            let out = f.run(&["moves", "-l", lexicon, "--cgp", cgp, "--top", "3"]);
            assert!(out.status.success(), "{}", stderr(&out));
            stdout(&out)
        };
        assert_eq!(moves(file), moves(plain));
    }
}
