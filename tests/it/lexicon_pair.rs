//! A DAWG and a GADDAG belong together: the word-list identifier of format
//! 1.1, `lexicon::check_pair`, and how `compile::write_lexicon` keeps a pair
//! together (a lock, and tidying up after killed writers).

use lexgraph::format::EdgeLayout;
use lexgraph::Invalid;
use std::path::Path;
use std::time::Duration;

use lexgraph::lexicon::check_pair;
use lexgraph::{compile, Alphabet, Dawg, Error, Gaddag, Kind, Lexicon, WordList};

fn files(words: &str) -> compile::Compiled {
    let list =
        WordList::parse(words.as_bytes(), "t", &Alphabet::english(), Invalid::Refuse).unwrap();
    compile::compile(&list)
}

fn write_pair(base: &Path, c: &compile::Compiled) {
    compile::write_lexicon(base, &[(Kind::Dawg, &c.dawg), (Kind::Gaddag, &c.gaddag)]).unwrap();
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_pair_shares_its_identifier_and_another_list_does_not() {
    let one = files("cat\ndog\n");
    // Order, case, duplicates and comments do not change the identifier.
    let same = files("# x\nDOG\ncat\ndog\n");
    let two = files("cat\ndogs\n");
    let d1 = Lexicon::from_vec(one.dawg.clone()).unwrap();
    let g1 = Lexicon::from_vec(one.gaddag.clone()).unwrap();
    let g_same = Lexicon::from_vec(same.gaddag).unwrap();
    let g2 = Lexicon::from_vec(two.gaddag).unwrap();
    assert!(d1.list_id().is_some());
    assert_eq!(d1.list_id(), g1.list_id());
    check_pair(&d1, &g1).unwrap();
    check_pair(&d1, &g_same).unwrap();
    match check_pair(&d1, &g2).unwrap_err() {
        e @ Error::NotAPair { .. } => {
            let msg = e.to_string();
            assert!(
                msg.starts_with("<buffer> and <buffer> were compiled from different word lists"),
                "{msg}"
            );
        }
        other => panic!("{other:?}"),
    }
    // The wrong kind on either side is named.
    assert!(matches!(
        check_pair(&g1, &g1),
        Err(Error::WrongKind {
            expected: Kind::Dawg,
            ..
        })
    ));
    assert!(matches!(
        check_pair(&d1, &d1),
        Err(Error::WrongKind {
            expected: Kind::Gaddag,
            ..
        })
    ));
}

/// Files of format 1.0 have no identifier: only the alphabet, word count
/// and longest word can be compared.
#[test]
fn with_a_one_zero_file_the_counts_are_compared() {
    let files = |words: &str| {
        let list =
            WordList::parse(words.as_bytes(), "t", &Alphabet::english(), Invalid::Refuse).unwrap();
        let opts = compile::CompileOptions::default().edges(EdgeLayout::Packed);
        compile::try_compile_with(&list, &opts).unwrap()
    };
    let as_1_0 = |mut bytes: Vec<u8>| {
        bytes[10] = 0;
        bytes[15] = 0;
        let lex = Lexicon::from_vec(bytes).unwrap();
        assert_eq!(lex.list_id(), None);
        lex.verify().unwrap();
        lex
    };
    let one = files("cat\ndog\n");
    let more = files("cat\ndog\nemu\n");
    let longer = files("cat\ndogs\n");
    let d1 = as_1_0(one.dawg.clone());
    check_pair(&d1, &Lexicon::from_vec(one.gaddag.clone()).unwrap()).unwrap();
    let err = check_pair(&d1, &as_1_0(more.gaddag)).unwrap_err();
    assert!(err.to_string().contains("2 and 3 words"), "{err}");
    let err = check_pair(&d1, &as_1_0(longer.gaddag)).unwrap_err();
    assert!(err.to_string().contains("3 and 4 tiles"), "{err}");
    let es = WordList::parse(
        b"cat\ndog\n",
        "t",
        &Alphabet::builtin("spanish").unwrap(),
        Invalid::Refuse,
    );
    let opts = compile::CompileOptions::default().edges(EdgeLayout::Packed);
    let es = compile::try_compile_with(&es.unwrap(), &opts).unwrap();
    let err = check_pair(&d1, &as_1_0(es.gaddag)).unwrap_err();
    assert!(
        err.to_string().contains("alphabets english and spanish"),
        "{err}"
    );
}

/// What a compile killed between its two renames leaves: the new DAWG
/// beside the old GADDAG. Both verify; the pair check tells them apart.
#[test]
fn a_half_renamed_pair_is_detected() {
    let dir = tempfile::TempDir::new().unwrap();
    let base = dir.path().join("x");
    write_pair(&base, &files("cat\ndog\n"));
    let newer = files("cat\ndog\nemu\n");
    compile::write_atomic(&dir.path().join("x.dawg"), &newer.dawg).unwrap();
    let dawg = Dawg::open(dir.path().join("x.dawg")).unwrap();
    let gaddag = Gaddag::open(dir.path().join("x.gaddag")).unwrap();
    dawg.verify().unwrap();
    gaddag.verify().unwrap();
    let msg = check_pair(&dawg, &gaddag).unwrap_err().to_string();
    let (d, g) = (dawg.origin(), gaddag.origin());
    assert!(
        msg.starts_with(&format!(
            "{d} and {g} were compiled from different word lists"
        )),
        "{msg}"
    );
    // Compiling again mends it.
    write_pair(&base, &newer);
    let dawg = Dawg::open(dir.path().join("x.dawg")).unwrap();
    let gaddag = Gaddag::open(dir.path().join("x.gaddag")).unwrap();
    check_pair(&dawg, &gaddag).unwrap();
}

#[test]
fn stale_temporaries_of_dead_writers_are_removed_and_others_kept() {
    let dir = tempfile::TempDir::new().unwrap();
    let d = dir.path();
    // No process has a pid this large (Linux allows at most 2^22).
    let dead = 4_000_000_000u32;
    let me = std::process::id();
    let stale = [
        format!(".x.dawg.{dead}.0.tmp"),
        format!(".x.gaddag.{dead}.1.tmp"),
        format!(".x.dawg.{dead}.2.old"),
        // Names of earlier versions.
        format!(".x.dawg.{dead}.tmp"),
        format!(".x.gaddag.{dead}.tmp"),
        format!(".x.dawg.{dead}.old"),
        // Another output's, in the same directory: any writer there tidies.
        format!(".y.dawg.{dead}.0.tmp"),
    ];
    let kept = [
        format!(".x.dawg.{me}.77.tmp"),
        format!(".x.dawg.{dead}.notes"),
        "x.dawg.txt".to_string(),
    ];
    for n in stale.iter().chain(&kept) {
        std::fs::write(d.join(n), b"junk").unwrap();
    }
    write_pair(&d.join("x"), &files("cat\n"));
    let mut expected: Vec<String> = kept.to_vec();
    expected.extend(["x.dawg", "x.gaddag"].map(String::from));
    expected.sort();
    assert_eq!(names(d), expected);
}

#[test]
fn writers_of_one_output_take_turns() {
    let dir = tempfile::TempDir::new().unwrap();
    let base = dir.path().join("x");
    write_pair(&base, &files("cat\n"));
    // The writers lock the output directory (leaving no lock file in it).
    let lock = std::fs::File::open(dir.path()).unwrap();
    lock.lock().unwrap();
    let b = base.clone();
    let writer = std::thread::spawn(move || write_pair(&b, &files("dog\n")));
    std::thread::sleep(Duration::from_millis(300));
    // Still waiting for the lock: the old pair is untouched.
    assert!(!writer.is_finished());
    let dawg = Dawg::open(dir.path().join("x.dawg")).unwrap();
    assert!(dawg.contains("cat"));
    drop(lock);
    writer.join().unwrap();
    let dawg = Dawg::open(dir.path().join("x.dawg")).unwrap();
    let gaddag = Gaddag::open(dir.path().join("x.gaddag")).unwrap();
    assert!(dawg.contains("dog") && gaddag.contains("dog"));
    check_pair(&dawg, &gaddag).unwrap();
}

/// Truncates the file at `path` to nothing, in place.
fn cut(path: &Path) {
    std::fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_len(0)
        .unwrap();
}

#[test]
fn read_copies_the_file_and_survives_its_truncation() {
    let dir = tempfile::TempDir::new().unwrap();
    let base = dir.path().join("x");
    write_pair(&base, &files("cat\ndog\n"));
    let path = dir.path().join("x.gaddag");
    let lex = Gaddag::read(&path).unwrap();
    assert_eq!(lex.origin(), path.display().to_string());
    cut(&path);
    assert!(lex.contains("dog"));
    lex.verify().unwrap();
    assert!(matches!(
        Lexicon::read(&path),
        Err(Error::BadLexicon { .. })
    ));
}

/// A lexicon of 2 MiB or more is read into memory of its own (on Linux,
/// advised for huge pages): the same bytes as the file, and still whole
/// once the file is cut.
#[test]
fn a_large_lexicon_read_into_memory_is_the_file() {
    let words =
        std::fs::read_to_string(crate::common::root().join("lexicons/enable1.txt")).unwrap();
    let dir = tempfile::TempDir::new().unwrap();
    let base = dir.path().join("enable");
    let c = files(&words);
    assert!(c.gaddag.len() >= 1 << 21, "{} bytes", c.gaddag.len());
    write_pair(&base, &c);
    let path = dir.path().join("enable.gaddag");
    let mapped = Lexicon::open(&path).unwrap();
    let read = Lexicon::read(&path).unwrap();
    assert_eq!(read.bytes(), mapped.bytes());
    assert_eq!(read.bytes(), &c.gaddag[..]);
    drop(mapped);
    cut(&path);
    for w in ["aardvark", "zymurgy", "quixotic"] {
        assert!(read.contains(w), "{w}");
    }
    assert!(!read.contains("qzx"));
    read.verify().unwrap();
}
