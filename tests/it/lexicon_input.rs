//! Word-list and alphabet input: what is accepted, how it is normalized, and
//! how bad input is reported (file, line, word, reason).

use crate::common;
use lexgraph::Invalid;

use lexgraph::{Alphabet, Error, Tile, WordList};

fn english() -> Alphabet {
    Alphabet::english()
}

fn spelled(list: &WordList) -> Vec<String> {
    list.iter().map(|w| list.alphabet().spell(w)).collect()
}

/// The pieces of an `InvalidWords` error.
fn invalid(e: Error) -> (String, usize, Vec<(usize, String, String)>) {
    match e {
        Error::InvalidWords { file, total, first } => (file, total, first),
        other => panic!("expected InvalidWords, got {other:?}"),
    }
}

#[test]
fn bad_words_name_file_line_and_word_first_ten_then_a_count() {
    let dir = tempfile::TempDir::new().unwrap();
    let path = dir.path().join("words.txt");
    let mut text = String::from("# header\ngood\n");
    for i in 0..25 {
        text.push_str(&format!("bad{i}\nfine\n"));
    }
    std::fs::write(&path, &text).unwrap();
    let a = english();
    let err = WordList::read(&path, &a, Invalid::Refuse).unwrap_err();
    let msg = err.to_string();
    let (file, total, first) = invalid(err);
    assert_eq!(file, path.display().to_string());
    assert_eq!(total, 25);
    assert_eq!(first.len(), 10);
    for (i, (line, word, why)) in first.iter().enumerate() {
        assert_eq!(
            *line,
            3 + 2 * i,
            "line numbers count from 1, comments included"
        );
        assert_eq!(word, &format!("bad{i}"));
        assert!(
            why.contains(&format!("{:?}", format!("{i}").chars().next().unwrap())),
            "{why}"
        );
        assert!(why.contains("english"), "{why}");
        assert!(
            msg.contains(&format!("{}:{line}: \"bad{i}\"", path.display())),
            "{msg}"
        );
    }
    assert!(msg.contains("25 invalid"), "{msg}");
    assert!(msg.contains("and 15 more"), "{msg}");
    assert!(
        !msg.contains("bad10"),
        "only the first ten are listed: {msg}"
    );
    // A library error does not name command-line flags (the CLI adds the hint).
    assert!(!msg.contains("--skip-invalid"), "{msg}");
    // Skipping counts them instead.
    let list = WordList::read(&path, &a, Invalid::Skip).unwrap();
    assert_eq!(spelled(&list), ["FINE", "GOOD"]);
    assert_eq!(list.skipped(), 25);
    assert_eq!(list.duplicates(), 24);
    // A missing file is an I/O error naming it.
    let missing = dir.path().join("nope.txt");
    match WordList::read(&missing, &a, Invalid::Refuse) {
        Err(Error::Io { path, .. }) => assert_eq!(path, missing),
        other => panic!("{other:?}"),
    }
}

/// `lines()` is "lines read"; a final newline ends the last line, it does not start another.
#[test]

fn lines_counts_a_final_newline_once() {
    let a = english();
    for (text, lines) in [(&b"a\n"[..], 1), (b"a\nb\n", 2), (b"a\r\n", 1), (b"\n", 1)] {
        assert_eq!(
            WordList::parse(text, "f", &a, Invalid::Refuse)
                .unwrap()
                .lines(),
            lines,
            "{text:?}"
        );
    }
}

#[test]
fn line_count_without_final_newline() {
    let a = english();
    for (text, lines) in [(&b""[..], 0), (b"a", 1), (b"a\nb", 2), (b"a\n\nb", 3)] {
        assert_eq!(
            WordList::parse(text, "f", &a, Invalid::Refuse)
                .unwrap()
                .lines(),
            lines,
            "{text:?}"
        );
    }
}

#[test]
fn reasons_name_the_character() {
    let a = english();
    for (word, c) in [
        ("b4d", '4'),
        ("ice cream", ' '),
        ("naïve", 'Ï'),
        ("don't", '\''),
        ("x-ray", '-'),
        ("ab?", '?'),
    ] {
        let (_, total, first) = invalid(
            WordList::parse(format!("ok\n{word}\n").as_bytes(), "f", &a, Invalid::Refuse)
                .unwrap_err(),
        );
        assert_eq!(total, 1);
        assert_eq!(first[0].0, 2);
        assert_eq!(first[0].1, word);
        assert!(
            first[0].2.contains(&format!("{c:?}")),
            "{word}: {}",
            first[0].2
        );
    }
}

#[test]
fn non_utf8_lines() {
    let a = english();
    let bytes = b"good\nca\xffe\ncaf\xe9\nok\n";
    let (file, total, first) =
        invalid(WordList::parse(bytes, "latin1.txt", &a, Invalid::Refuse).unwrap_err());
    assert_eq!((file.as_str(), total), ("latin1.txt", 2));
    assert_eq!((first[0].0, first[1].0), (2, 3));
    assert!(
        first[0].2.contains("UTF-8") && first[0].2.contains("byte 2"),
        "{}",
        first[0].2
    );
    assert!(first[1].2.contains("byte 3"), "{}", first[1].2);
    let list = WordList::parse(bytes, "latin1.txt", &a, Invalid::Skip).unwrap();
    assert_eq!(spelled(&list), ["GOOD", "OK"]);
    assert_eq!(list.skipped(), 2);
}

#[test]
fn line_endings_blank_lines_comments_and_case() {
    let a = english();
    let text = b"Zebra\r\n\r\n   \r\n# comment\r\n  # indented comment\napple  \n\tmango\t\r\nAPPLE\r\nkiwi";
    let list = WordList::parse(text, "f", &a, Invalid::Refuse).unwrap();
    assert_eq!(spelled(&list), ["APPLE", "KIWI", "MANGO", "ZEBRA"]);
    assert_eq!(list.duplicates(), 1);
    assert_eq!(list.skipped(), 0);
    assert_eq!(list.lines(), 9);
    assert_eq!(list.max_len(), 5);
    assert_eq!(list.total_tiles(), 5 + 4 + 5 + 5);
    // A lone CR inside a line is not a line break.
    let (_, _, first) =
        invalid(WordList::parse(b"ab\rcd\n", "f", &a, Invalid::Refuse).unwrap_err());
    assert_eq!(first[0].0, 1);
    // Empty input and comment-only input give empty lists.
    for text in [&b""[..], b"\n\n", b"# only\n"] {
        let list = WordList::parse(text, "f", &a, Invalid::Refuse).unwrap();
        assert!(list.is_empty());
        assert_eq!(list.max_len(), 0);
    }
    // Words in any order come out sorted by tile.
    let list = WordList::parse(b"b\nab\na\nba\naa\n", "f", &a, Invalid::Refuse).unwrap();
    assert_eq!(spelled(&list), ["A", "AA", "AB", "B", "BA"]);
}

#[test]
fn byte_order_mark_is_not_silently_part_of_a_word() {
    let a = english();
    match WordList::parse(
        "\u{feff}cat\ndog\n".as_bytes(),
        "bom.txt",
        &a,
        Invalid::Refuse,
    ) {
        Ok(list) => assert_eq!(spelled(&list), ["CAT", "DOG"]),
        Err(e) => {
            let (_, total, first) = invalid(e);
            assert_eq!((total, first[0].0), (1, 1));
        }
    }
}

#[test]
fn duplicates_are_counted_after_folding() {
    let es = Alphabet::builtin("spanish").unwrap();
    let list = WordList::parse(
        "camión\ncamion\nCAMIÓN\nchorro\nCHORRO\n".as_bytes(),
        "es",
        &es,
        Invalid::Refuse,
    )
    .unwrap();
    assert_eq!(spelled(&list), ["CAMION", "CHORRO"]);
    assert_eq!(list.duplicates(), 3);
    let en = english();
    let list = WordList::from_tiles(&en, [vec![1, 2], vec![1, 2], vec![3]]);
    assert_eq!((list.len(), list.duplicates()), (2, 1));
}

#[test]
fn alphabet_errors_name_the_line() {
    let head = "# test alphabet\n\n? 0 2 0\nA 1 9 1\n";
    // (bad line, what the message must mention); the bad line is line 5.
    let cases = [
        ("B 3 2", "expected `LABEL SCORE COUNT VOWEL`"),
        ("B 3 2 0 9", "expected `LABEL SCORE COUNT VOWEL`"),
        ("BC 3 2 0", "bad label"),
        ("[] 3 2 0", "bad label"),
        ("[CH 3 2 0", "bad label"),
        ("B 256 2 0", "score"),
        ("B -1 2 0", "score"),
        ("B x 2 0", "score"),
        ("B 3 1000 0", "count"),
        ("B 3 2 2", "vowel"),
        ("B 3 2 yes", "vowel"),
        ("A 3 2 0", "listed twice"),
        ("a 3 2 0", "listed twice"),
        ("? 0 1 0", "blank"),
        ("fold É", "fold"),
        ("fold É E E", "fold"),
    ];
    // A fold source may be several characters (`fold L.L L·L`).
    assert!(Alphabet::parse("t", &format!("{head}fold ÉÈ E\n"), "t").is_ok());
    for (line, want) in cases {
        let text = format!("{head}{line}\nZ 10 1 0\n");
        match Alphabet::parse("t", &text, "alpha.txt") {
            Err(e @ Error::Alphabet { .. }) => {
                let msg = e.to_string();
                let Error::Alphabet {
                    origin,
                    line: n,
                    msg: m,
                } = e
                else {
                    unreachable!()
                };
                assert_eq!((origin.as_str(), n), ("alpha.txt", 5), "{line:?}: {msg}");
                assert!(m.contains(want), "{line:?}: {msg}");
                assert!(msg.starts_with("alpha.txt:5: bad alphabet:"), "{msg}");
            }
            other => panic!("{line:?}: {other:?}"),
        }
    }
    // Whole-alphabet problems.
    let e = Alphabet::parse("t", "A 1 1 1\n", "t")
        .unwrap_err()
        .to_string();
    assert!(e.contains("blank"), "{e}");
    let e = Alphabet::parse("t", "? 0 2 0\n", "t")
        .unwrap_err()
        .to_string();
    assert!(e.contains("at least one tile"), "{e}");
    let many: String = (0..64).map(|i| format!("[T{i}] 1 1 0\n")).collect();
    let e = Alphabet::parse("t", &format!("? 0 2 0\n{many}"), "t")
        .unwrap_err()
        .to_string();
    assert!(e.contains("at most 63"), "{e}");
    let ok63: String = (0..63).map(|i| format!("[T{i}] 1 1 0\n")).collect();
    assert_eq!(
        Alphabet::parse("t", &format!("? 0 2 0\n{ok63}"), "t")
            .unwrap()
            .len(),
        63
    );
    assert!(
        matches!(Alphabet::builtin("klingon"), Err(Error::UnknownAlphabet(n)) if n == "klingon")
    );
    // A file names its path.
    let dir = tempfile::TempDir::new().unwrap();
    let path = dir.path().join("mine.txt");
    std::fs::write(&path, "? 0 2 0\nA 1 1 1\nB 1 1\n").unwrap();
    let e = Alphabet::from_file(&path).unwrap_err().to_string();
    assert!(e.contains(&format!("{}:3", path.display())), "{e}");
    std::fs::write(&path, "? 0 2 0\nA 1 1 1\n[QU] 1 1 0\n").unwrap();
    let a = Alphabet::from_file(&path).unwrap();
    assert_eq!((a.name(), a.len()), ("mine", 2));
    assert_eq!(a.tokenize("qua").unwrap(), vec![2, 1]);
}

/// Labels with reserved characters are refused, and the error should say where.
#[test]
fn reserved_label_error_names_the_line() {
    for label in ["*", "[A]B]", "[A*]"] {
        let text = format!("? 0 2 0\nA 1 1 1\n{label} 1 1 0\n");
        match Alphabet::parse("t", &text, "alpha.txt") {
            Err(Error::Alphabet { line, .. }) => assert_eq!(line, 3, "{label}"),
            other => panic!("{label}: {other:?}"),
        }
    }
}

#[test]
fn reserved_labels_are_refused() {
    for label in ["*", "[A]B]", "[A*]", "[", "]"] {
        let text = format!("? 0 2 0\nA 1 1 1\n{label} 1 1 0\n");
        assert!(
            matches!(
                Alphabet::parse("t", &text, "t"),
                Err(Error::Alphabet { .. })
            ),
            "{label}"
        );
    }
}

#[test]
fn spanish_folding_and_digraphs() {
    let es = Alphabet::builtin("spanish").unwrap();
    let t = |w: &str| common::tiles(&es, w);
    let tile = |l: &str| es.tile_by_label(l).unwrap();
    // Accents fold to the plain vowel; ü folds to U.
    for (accented, plain) in [
        ("á", "A"),
        ("é", "E"),
        ("í", "I"),
        ("ó", "O"),
        ("ú", "U"),
        ("ü", "U"),
        ("Á", "A"),
    ] {
        assert_eq!(t(accented), t(plain), "{accented}");
    }
    assert_eq!(t("camión"), t("CAMION"));
    assert_eq!(t("pingüino"), t("pinguino"));
    // Ñ is its own tile, not N.
    assert_eq!(t("ñ"), vec![tile("Ñ")]);
    assert_ne!(tile("Ñ"), tile("N"));
    assert_eq!(es.spell(&t("niño")), "NIÑO");
    // CH, LL and RR are single tiles.
    let (ch, ll, rr) = (tile("CH"), tile("ll"), tile("Rr"));
    assert_eq!(t("chorro"), vec![ch, tile("O"), rr, tile("O")]);
    assert_eq!(t("calle"), vec![tile("C"), tile("A"), ll, tile("E")]);
    assert_eq!(es.render(&t("llorré")), "[LL]O[RR]E");
    assert_eq!(es.spell(&t("llorré")), "LLORRE");
    // Tile order: CH sorts right after C.
    assert_eq!(ch, tile("C") + 1);
    // Letters Spanish lacks are refused, naming the character.
    for (word, c) in [("kilo", 'K'), ("wiki", 'W'), ("façade", 'Ç')] {
        assert_eq!(es.tokenize(word), Err(c), "{word}");
    }
    let list = WordList::parse(
        "chorro\nkilo\nñu\n".as_bytes(),
        "es.txt",
        &es,
        Invalid::Skip,
    )
    .unwrap();
    assert_eq!(spelled(&list), ["CHORRO", "ÑU"]);
    assert_eq!(list.skipped(), 1);
    let (_, _, first) = invalid(
        WordList::parse("chorro\nkilo\n".as_bytes(), "es.txt", &es, Invalid::Refuse).unwrap_err(),
    );
    assert_eq!(
        first,
        [(
            2,
            "kilo".to_string(),
            "'K' is not in the spanish alphabet (line at byte offset 7)".to_string()
        )]
    );
}

#[test]
fn catalan_middle_dot_and_digraphs() {
    let ca = Alphabet::builtin("catalan").unwrap();
    let t = |w: &str| common::tiles(&ca, w);
    assert_eq!(ca.render(&t("col·lecció")), "CO[L·L]ECCIO");
    assert_eq!(t("col·lecció").len(), 8);
    assert_eq!(ca.render(&t("cel·la")), "CE[L·L]A");
    // A plain double L stays two L tiles.
    assert_eq!(ca.render(&t("ull")), "ULL");
    assert_eq!(ca.render(&t("any")), "A[NY]");
    assert_eq!(ca.render(&t("quatre")), "[QU]ATRE");
    assert_eq!(ca.render(&t("plaça")), "PLAÇA");
    assert_eq!(t("així"), t("AIXI"));
    assert_eq!(ca.tokenize("kiwi"), Err('K'));
    // A lone middle dot is not a tile.
    assert!(ca.tokenize("l·").is_err());
}

/// lexicons/alphabets/catalan.txt says "A word's l·l (or l.l) is the L·L tile".
#[test]

fn catalan_full_stop_spelling() {
    let ca = Alphabet::builtin("catalan").unwrap();
    assert_eq!(ca.tokenize("col.lecció"), ca.tokenize("col·lecció"));
}

#[test]
fn polish_letters_outside_the_alphabet_are_refused() {
    let pl = Alphabet::builtin("polish").unwrap();
    let text = "żółw\nquiz\nvideo\nźdźbło\nxero\nABBÉ\n";
    let (_, total, first) =
        invalid(WordList::parse(text.as_bytes(), "pl.txt", &pl, Invalid::Refuse).unwrap_err());
    assert_eq!(total, 4);
    let got: Vec<(usize, char)> = first
        .iter()
        .map(|(line, _, why)| (*line, why.chars().nth(1).unwrap()))
        .collect();
    assert_eq!(got, [(2, 'Q'), (3, 'V'), (5, 'X'), (6, 'É')]);
    let list = WordList::parse(text.as_bytes(), "pl.txt", &pl, Invalid::Skip).unwrap();
    assert_eq!(spelled(&list), ["ŹDŹBŁO", "ŻÓŁW"]);
    assert_eq!(common::tiles(&pl, "ŻÓŁW"), common::tiles(&pl, "żółw"));
    assert_eq!(common::tiles(&pl, "żółw").len(), 4);
}

#[test]
#[ignore = "needs ../shared/lexicons/polish-sjp.txt (run by .ci/run)"]
fn polish_list_lines_outside_the_alphabet_are_skipped() {
    let pl = Alphabet::builtin("polish").unwrap();
    // The whole shared Polish list: exactly the lines with a letter outside
    // the 32-letter alphabet are skipped.
    let path = common::word_list("polish-sjp.txt");
    let letters: Vec<char> = "aąbcćdeęfghijklłmnńoóprsśtuwyzźż".chars().collect();
    let raw = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = raw
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let outside = lines
        .iter()
        .filter(|l| {
            l.chars()
                .flat_map(char::to_lowercase)
                .any(|c| !letters.contains(&c))
        })
        .count();
    let with_qvx = lines
        .iter()
        .filter(|l| l.contains(['q', 'v', 'x', 'Q', 'V', 'X']))
        .count();
    assert!(with_qvx > 1000 && outside >= with_qvx);
    let list = WordList::read(&path, &pl, Invalid::Skip).unwrap();
    assert_eq!(list.skipped(), outside);
    assert_eq!(list.len() + list.duplicates(), lines.len() - outside);
    let q: Tile = pl.tile_by_label("Q").unwrap_or(0);
    assert_eq!(q, 0, "Polish has no Q tile");
    // Without skipping, the error lists ten and counts the rest.
    let (file, total, first) = invalid(WordList::read(&path, &pl, Invalid::Refuse).unwrap_err());
    assert_eq!(
        (file, total, first.len()),
        (path.display().to_string(), outside, 10)
    );
}

/// The file format stores the alphabet name in at most 255 bytes; a longer
/// name must still give a file that reads back.
fn long_alphabet_name_round_trips(name: &str) {
    let text = "? 0 2 0\nA 1 1 1\nB 1 1 0\n";
    let a = Alphabet::parse(name, text, "t").unwrap();
    let list = WordList::parse(b"ab\nba\n", "t", &a, Invalid::Refuse).unwrap();
    let files = lexgraph::compile::compile(&list);
    match lexgraph::Lexicon::from_vec(files.dawg) {
        Ok(lex) => {
            assert!(lex.contains("ab"));
            assert!(name.starts_with(lex.alphabet().name()));
            assert!(lex.alphabet().name().len() <= 255);
        }
        Err(e) => panic!("name of {} bytes: {e}", name.len()),
    }
}

#[test]
fn long_ascii_alphabet_name() {
    long_alphabet_name_round_trips(&"x".repeat(300));
}

#[test]

fn long_non_ascii_alphabet_name() {
    long_alphabet_name_round_trips(&"é".repeat(200));
}

/// An alphabet may fold an ASCII letter (`fold Q K`); that rule must not
/// depend on whether the word was typed in upper or lower case.
#[test]

fn ascii_fold_applies_to_upper_case_input() {
    let a = Alphabet::parse("t", "? 0 2 0\nA 1 1 1\nI 1 1 1\nK 1 1 0\nfold Q K\n", "t").unwrap();
    assert_eq!(a.tokenize("qi"), Ok(vec![3, 2]));
    assert_eq!(a.tokenize("Qi"), Ok(vec![3, 2]));
    assert_eq!(a.tokenize("QI"), Ok(vec![3, 2]));
}

/// Folds apply after upper-casing, so a fold written with a lower-case
/// source can never match; it should be upper-cased too (or refused).
#[test]

fn lower_case_fold_source() {
    let a = Alphabet::parse("t", "? 0 2 0\nA 1 1 1\nE 1 1 1\nfold é E\n", "t");
    match a {
        Ok(a) => assert_eq!(a.tokenize("é"), Ok(vec![2])),
        Err(e) => assert!(e.to_string().contains(":4:"), "{e}"),
    }
}

#[test]
fn words_of_more_than_the_limit_are_invalid_and_can_be_skipped() {
    use lexgraph::wordlist::MAX_WORD_TILES;
    let a = english();
    let ok = "A".repeat(MAX_WORD_TILES);
    let long = "B".repeat(MAX_WORD_TILES + 1);
    let text = format!("cat\n{ok}\n{long}\ndog\n");
    let (file, total, first) =
        invalid(WordList::parse(text.as_bytes(), "f", &a, Invalid::Refuse).unwrap_err());
    assert_eq!((file.as_str(), total), ("f", 1));
    let (line, word, why) = &first[0];
    assert_eq!(*line, 3);
    // The message repeats a prefix of the word, not all of it.
    assert_eq!(word, &format!("{}…", "B".repeat(40)));
    assert!(
        why.contains("65 tiles") && why.contains("at most 64"),
        "{why}"
    );
    let list = WordList::parse(text.as_bytes(), "f", &a, Invalid::Skip).unwrap();
    assert_eq!(spelled(&list), [ok.as_str(), "CAT", "DOG"]);
    assert_eq!(list.skipped(), 1);
}

#[test]
fn a_line_over_the_limit_stops_the_read_even_when_skipping() {
    use lexgraph::wordlist::MAX_LINE_BYTES;
    let a = english();
    for skip in [false, true] {
        let mut text = b"cat\ndog\n".to_vec();
        text.extend(std::iter::repeat_n(b'z', MAX_LINE_BYTES + 1));
        text.extend_from_slice(b"\nemu\n");
        match WordList::parse(&text, "big.txt", &a, Invalid::skip_if(skip)).unwrap_err() {
            Error::Input {
                origin,
                line,
                offset,
                msg,
            } => {
                assert_eq!((origin.as_str(), line, offset), ("big.txt", 3, 8));
                assert!(msg.contains(&MAX_LINE_BYTES.to_string()), "{msg}");
                assert!(msg.contains(&format!("\"{}…\"", "z".repeat(40))), "{msg}");
                assert!(msg.len() < 200, "{msg}");
            }
            other => panic!("expected Input, got {other:?}"),
        }
    }
    // A line of exactly the limit is read (and is then too long a word).
    let text = "z".repeat(MAX_LINE_BYTES);
    let (_, _, first) =
        invalid(WordList::parse(text.as_bytes(), "f", &a, Invalid::Refuse).unwrap_err());
    assert!(first[0].2.contains("tiles"), "{:?}", first[0]);
}

#[test]
fn an_endless_file_is_refused_at_its_first_line() {
    let a = english();
    let t = std::time::Instant::now();
    let err = WordList::read(std::path::Path::new("/dev/zero"), &a, Invalid::Skip).unwrap_err();
    assert!(t.elapsed() < std::time::Duration::from_secs(1));
    assert!(
        err.to_string()
            .starts_with("/dev/zero:1 (byte offset 0): line longer"),
        "{err}"
    );
    // An endless reader of short lines is read in constant memory per line;
    // a reader with no line end at all stops at the limit.
    let endless = std::io::BufReader::new(std::io::repeat(b'a'));
    assert!(WordList::from_reader(endless, "pipe", &a, Invalid::Refuse).is_err());
}

#[test]
fn alphabet_and_layout_files_are_read_with_bounded_lines() {
    let dir = tempfile::TempDir::new().unwrap();
    let path = dir.path().join("huge.txt");
    std::fs::write(&path, "A".repeat(10 << 20)).unwrap();
    for e in [
        Alphabet::from_file(&path).unwrap_err(),
        lexgraph::rules::Layout::from_file(&path).unwrap_err(),
        Alphabet::from_file(std::path::Path::new("/dev/zero")).unwrap_err(),
    ] {
        let msg = e.to_string();
        assert!(msg.contains(":1 (byte offset 0): line longer"), "{msg}");
        assert!(msg.len() < 300, "{msg}");
    }
    // Many short lines: refused by total size.
    std::fs::write(&path, "A 1 1 1\n".repeat(200_000)).unwrap();
    let msg = Alphabet::from_file(&path).unwrap_err().to_string();
    assert!(msg.contains("file longer than"), "{msg}");
}

#[test]
fn compiling_a_word_over_the_limit_is_an_error_not_a_long_build() {
    let a = english();
    let long: Vec<Tile> = vec![1; 65_535];
    let list = WordList::from_tiles(&a, [long.as_slice(), &[1, 2]]);
    let t = std::time::Instant::now();
    match lexgraph::compile::try_compile(&list) {
        Err(Error::TooLarge(msg)) => assert!(msg.contains("65535 tiles"), "{msg}"),
        other => panic!("expected TooLarge, got {other:?}"),
    }
    assert!(t.elapsed() < std::time::Duration::from_secs(1));
}

#[test]
fn utf8_errors_give_the_byte_offset_in_the_file() {
    let a = english();
    for (text, line, offset) in [
        (&b"cat\nd\xffg\n"[..], 2, 5),
        (b"\xef\xbb\xbfc\xffat\n", 1, 4),
    ] {
        let (_, _, first) = invalid(WordList::parse(text, "f", &a, Invalid::Refuse).unwrap_err());
        assert_eq!(first[0].0, line);
        let why = &first[0].2;
        assert!(why.contains(&format!("byte offset {offset})")), "{why}");
    }
}
