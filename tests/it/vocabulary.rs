//! Players people enjoy (issue #37): word frequencies, generation within a
//! vocabulary, the realism weight, and their command-line options.
//!
//! The vocabulary generator is checked against a filter: the legal moves
//! of the full lexicon whose main word (the word along the move's
//! direction; a one-tile play's across word when it makes one, as it is
//! listed) is in the vocabulary. On small random lexicons the full list
//! comes from the brute-force oracle; on ENABLE from the full generator,
//! which the oracle checks elsewhere (`movegen_bruteforce`).

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

use lexgraph::equity::levels::StrategyContext;
use lexgraph::equity::Play as Played;
use lexgraph::leave::Gordon;
use lexgraph::lexicon::frequency::Frequencies;
use lexgraph::movegen::{sort_moves, Generator, Move, Options};
use lexgraph::rules::Rules;
use lexgraph::strategy::Strategy;
use lexgraph::{compile, Alphabet, Invalid, Lexicon, Position, Tile, WordList};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::common::{self, cli};
use crate::oracle::{self, Lex, Oracle};

/// ENABLE, and its vocabulary of the 3,000 most frequent words (by the
/// shipped frequencies) as a DAWG and a GADDAG.
struct Enable {
    lex: Lex,
    vocab: [Lexicon; 2],
    set: HashSet<Vec<Tile>>,
}

fn enable() -> &'static Enable {
    static E: OnceLock<Enable> = OnceLock::new();
    E.get_or_init(|| {
        let a = Alphabet::english();
        let words = WordList::read(&common::word_list("enable1.txt"), &a, Invalid::Refuse)
            .expect("ENABLE reads");
        let lex = Lex::new(words);
        let freq = Frequencies::read(common::root().join("lexicons/english.freq.csv"), &a)
            .expect("the shipped frequencies read");
        let vocab = freq.vocabulary(3000, &lex.gaddag).expect("a vocabulary");
        let set: HashSet<Vec<Tile>> = vocab.iter().cloned().collect();
        let files = compile::compile(&WordList::from_tiles(&a, &vocab));
        let vocab = [
            Lexicon::from_vec(files.dawg).unwrap(),
            Lexicon::from_vec(files.gaddag).unwrap(),
        ];
        Enable { lex, vocab, set }
    })
}

fn plain(word: &[u8]) -> Vec<Tile> {
    word.iter().map(|&t| lexgraph::board::tile_of(t)).collect()
}

/// `moves` sorted, as text lines, for comparing.
fn lines(a: &Alphabet, moves: &[Move]) -> Vec<String> {
    let mut v: Vec<Move> = moves.to_vec();
    sort_moves(&mut v);
    v.iter()
        .map(|m| format!("{} {}", m.notation(a), m.score))
        .collect()
}

#[test]
fn the_shipped_frequencies_fit_the_english_lists() {
    let a = Alphabet::english();
    let path = common::root().join("lexicons/english.freq.csv");
    let mut f = Frequencies::read(&path, &a).unwrap();
    assert!(f.len() > 50_000, "{}", f.len());
    assert_eq!(f.rank_of("the"), Some(1));
    // Common words outrank rare ones.
    assert!(f.count_of("quiet") > 100 * f.count_of("qaid"));
    let e = enable();
    let dropped = f.restrict(&e.lex.gaddag);
    assert!(dropped > 0 && f.len() > 50_000, "{dropped} dropped");
    assert_eq!(f.count_of("zzzz"), 0);
    // The sample for tests is a part of the shipped file.
    let sample = Frequencies::read(common::root().join("tests/data/freq-sample.csv"), &a).unwrap();
    assert!(sample.len() >= 30);
    for (w, c) in sample.iter() {
        assert_eq!(
            Frequencies::read(&path, &a).unwrap().count(w),
            c,
            "{}",
            a.spell(w)
        );
    }
}

#[test]
fn frequency_files_with_bad_lines_are_refused_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let a = Alphabet::english();
    for (text, line, what) in [
        ("word,count\nthe,5\nof,4\nthe,3\n", 4, "lines 2 and 4"),
        ("the,5\nof,-4\n", 2, "negative"),
        ("the,5\n# note\nof,many\n", 3, "not a whole number"),
        ("the,\n", 1, "missing count"),
        ("the,5\nof,4\nnaïve,3\n", 3, "not a tile"),
    ] {
        let path = dir.path().join("bad.csv");
        std::fs::write(&path, text).unwrap();
        let e = Frequencies::read(&path, &a).unwrap_err().to_string();
        let at = format!("{}:{line} ", path.display());
        assert!(e.starts_with(&at) && e.contains(what), "{text:?}: {e}");
    }
    // Words that are not in the lexicon are counted, not refused.
    let lex = Lexicon::from_words(["the", "of", "za"]).unwrap();
    let mut f = Frequencies::parse(b"the,9\nxyzzy,8\nof,7\nqwfp,1\n", "f", &a).unwrap();
    assert_eq!(f.restrict(&lex), 2);
    assert_eq!(f.rank_of("of"), Some(2));
    // An empty vocabulary is an error that says so.
    let longs = Lexicon::from_words(["the", "zoo"]).unwrap();
    let e = f.vocabulary(0, &longs).unwrap_err().to_string();
    assert!(e.contains("empty vocabulary"), "{e}");
    let none = Frequencies::parse(b"xyzzy,3\n", "f", &a).unwrap();
    let e = none.vocabulary(10, &lex).unwrap_err().to_string();
    assert!(e.contains("none of the 1 words of f"), "{e}");
}

/// Random small lexicons, a random half of each as the vocabulary (with
/// its two-letter words or not: generation does not care), every pairing
/// of DAWG and GADDAG: the moves are the oracle's, filtered.
#[test]
fn generation_within_a_vocabulary_is_the_filtered_oracle() {
    let mut rng = StdRng::seed_from_u64(0x37);
    let rules = Rules::default();
    let mut gen = Generator::new(rules.clone());
    let mut positions = 0;
    let mut kept_total = 0;
    for _ in 0..12 {
        let letters = rng.gen_range(4..=7);
        let alphabet = oracle::random_alphabet(&mut rng, letters, 2);
        let count = rng.gen_range(80..=400);
        let text = oracle::random_words(&mut rng, letters, count, 2, 6);
        let lex = Lex::from_text(&text, &alphabet);
        let a = lex.alphabet();
        let vocab_words: Vec<&[Tile]> = lex.words.iter().filter(|_| rng.gen_bool(0.5)).collect();
        if vocab_words.is_empty() {
            continue;
        }
        let set: HashSet<Vec<Tile>> = vocab_words.iter().map(|w| w.to_vec()).collect();
        let vl = WordList::from_tiles(a, &vocab_words);
        let files = compile::compile(&vl);
        let vocab = [
            Lexicon::from_vec(files.dawg).unwrap(),
            Lexicon::from_vec(files.gaddag).unwrap(),
        ];
        let oracle = Oracle::new(&lex.set, a, &rules);
        for b in 0..6 {
            let board = if b % 3 == 2 {
                let count = rng.gen_range(1..=15);
                oracle::scatter(&lex.words, 15, &mut rng, count)
            } else {
                oracle::self_play(&lex.gaddag, &rules, &mut rng, b * 3, 4)
            };
            for blanks in 0..=1 {
                let rack = oracle::random_rack(a, &mut rng, 7, blanks);
                let mut want: Vec<oracle::Play> = oracle
                    .generate(&board, &rack)
                    .into_iter()
                    .filter(|p| set.contains(&plain(&p.word)))
                    .collect();
                want.sort();
                kept_total += want.len();
                for full in [&lex.dawg, &lex.gaddag] {
                    for words in &vocab {
                        let mut got = Vec::new();
                        let opts = Options::default();
                        gen.generate_within(words, full, &board, &rack, &opts, &mut got);
                        let who = format!("{:?} in {:?}", words.kind(), full.kind());
                        let problems = oracle::compare(&who, a, &want, &got);
                        assert!(
                            problems.is_empty(),
                            "{}: {problems:?}",
                            oracle::describe(a, &board, &rack)
                        );
                    }
                }
                positions += 1;
            }
        }
    }
    assert!(
        positions >= 100 && kept_total > 500,
        "{positions} positions, {kept_total} moves"
    );
}

/// ENABLE with a 3,000-word vocabulary, self-play positions: every move
/// listed, and the best plays by equity, are those of the full lexicon
/// whose main word is in the vocabulary.
#[test]
fn enable_within_its_common_words_is_filtered_enable() {
    let e = enable();
    let a = e.lex.alphabet();
    let rules = Rules::default();
    let mut gen = Generator::new(rules.clone());
    let leaves = Gordon::heuristic2(a);
    let mut rng = StdRng::seed_from_u64(0x5000);
    let (mut positions, mut one_tile) = (0, 0);
    for g in 0..40 {
        let board = oracle::self_play(&e.lex.gaddag, &rules, &mut rng, g % 16, 5);
        let rack = oracle::random_rack(a, &mut rng, 7, g % 3);
        let full = gen.generate_vec(&e.lex.gaddag, &board, &rack, &Options::default());
        let want: Vec<Move> = full
            .iter()
            .filter(|m| e.set.contains(&plain(m.word())))
            .copied()
            .collect();
        one_tile += want.iter().filter(|m| m.placed.count_ones() == 1).count();
        for words in &e.vocab {
            for lex in [&e.lex.dawg, &e.lex.gaddag] {
                let mut got = Vec::new();
                gen.generate_within(words, lex, &board, &rack, &Options::default(), &mut got);
                assert_eq!(
                    lines(a, &got),
                    lines(a, &want),
                    "{}",
                    oracle::describe(a, &board, &rack)
                );
            }
        }
        // The bounded search: the first plays of the full ranking that
        // are not placements or have a vocabulary main word.
        let mut pos = Position::parse_cgp(
            "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/ 0/0 0",
            a,
            15,
        )
        .unwrap();
        pos.board = board.clone();
        pos.racks[0] = rack;
        let all = gen.best(
            &e.lex.gaddag,
            &pos,
            &leaves,
            usize::MAX,
            &Options::default(),
        );
        let filtered: Vec<_> = all
            .into_iter()
            .filter(|r| match &r.play {
                Played::Place(m) => e.set.contains(&plain(m.word())),
                _ => true,
            })
            .take(8)
            .collect();
        let got = gen.best_within(
            &e.vocab[1],
            &e.lex.gaddag,
            &pos,
            &leaves,
            8,
            &Options::default(),
        );
        assert_eq!(got, filtered, "{}", oracle::describe(a, &board, &rack));
        positions += 1;
    }
    assert!(positions == 40 && one_tile > 0, "{one_tile} one-tile plays");
}

/// A hand-made position: the rack plays the rare QAID for the most, or the
/// common word SAID (the same leave kept); realism decides.
#[test]
fn realism_picks_the_common_word_when_it_weighs_enough() {
    let lex =
        Lexicon::from_words(["qaid", "said", "aid", "qi", "ai", "ad", "id", "is", "as"]).unwrap();
    let a = lex.alphabet();
    let freq = Arc::new(Frequencies::parse(b"said,40000\naid,9000\nqaid,17\n", "f", a).unwrap());
    let cx = StrategyContext::new(a).lexicon(&lex).frequencies(freq);
    let pos = Position::parse_cgp(
        "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 QSAID/ 0/0 0",
        a,
        15,
    )
    .unwrap();
    let mut gen = Generator::new(Rules::default());
    let mut best = |spec: &str| {
        let s = Strategy::parse_in(spec, &cx).unwrap();
        let r = s.choose(&mut gen, &lex, &pos);
        (r.play.text(a), r.equity)
    };
    let (word, _) = best("gordon2,realism=0");
    assert!(word.ends_with("QAID"), "{word}");
    let (word, _) = best("gordon2,realism=5");
    assert!(word.ends_with("QAID"), "{word}");
    let (word, eq) = best("gordon2,realism=200");
    assert!(word.ends_with(" SAID"), "{word} {eq}");
    // The vocabulary player never plays QAID, whatever the weight.
    let (word, _) = best("gordon2,vocab=2");
    assert!(!word.contains("QAID"), "{word}");
}

#[test]
fn compile_writes_a_vocabulary_and_moves_ranks_by_realism() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let list = common::word_list("enable1.txt");
    let list = list.to_str().unwrap();
    let out = cli::run(d, &["compile", list, "-o", "v", "--vocabulary", "1000"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("are not in the list") && err.contains("vocabulary: "),
        "{err}"
    );
    let v = Lexicon::open(d.join("v.gaddag")).unwrap();
    assert!(v.contains("the") && v.contains("aa") && !v.contains("qaid"));
    assert!(
        v.word_count() > 1000 && v.word_count() < 1200,
        "{}",
        v.word_count()
    );
    // A frequency file of the test's own, with a bad line: named.
    std::fs::write(d.join("bad.csv"), "word,count\nthe,5\nthe,6\n").unwrap();
    let out = cli::run(
        d,
        &[
            "compile",
            list,
            "-o",
            "w",
            "--vocabulary",
            "10",
            "--frequencies",
            "bad.csv",
        ],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("bad.csv:3"), "{err}");

    let full = cli::run(d, &["compile", list, "-o", "en"]);
    assert!(full.status.success());
    let cgp = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 QAIDSTE/ 0/0 0";
    let moves = |extra: &[&str]| {
        let mut args = vec![
            "moves",
            "-l",
            "en.gaddag",
            "--cgp",
            cgp,
            "--top",
            "1",
            "--format",
            "json",
        ];
        args.extend_from_slice(extra);
        let out = cli::run(d, &args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let plain = moves(&[]);
    let real = moves(&["--realism", "1000"]);
    assert_ne!(plain, real);
    let vocab = moves(&[
        "--vocabulary",
        "20",
        "--frequencies",
        &common::root()
            .join("tests/data/freq-sample.csv")
            .display()
            .to_string(),
    ]);
    assert!(!vocab.contains("QAID"), "{vocab}");
    // Without a frequency list for the alphabet: a clear error.
    let out = cli::run(
        d,
        &[
            "moves",
            "-l",
            "en.gaddag",
            "--cgp",
            cgp,
            "--realism",
            "5",
            "--frequencies",
            "nope.csv",
        ],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("nope.csv"), "{err}");
}
